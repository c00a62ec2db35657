import type { ArticleDraft } from './draft.js';

export const technologyArticles: readonly ArticleDraft[] = [
  {
    title: 'Library service lends laptops and hotspots to 500 households',
    tags: ['technology', 'education'],
    publisher: 'valley',
    author: 'grace',
    status: 'approved',
    paragraphs: [
      'The county library service has lent laptops and mobile internet hotspots to 500 households in the first year of a scheme for people without a home connection. Borrowers can keep the devices for up to three months, and most renew at least once.',
      'Librarians said the most common uses were job applications, homework and online forms for benefits and health appointments. Each loan comes with an optional one-to-one session to help new users set up email and stay safe online.',
      'The scheme is funded by a grant from a regional charity and by equipment donated by local businesses, which is wiped and refurbished before it is lent out. The library hopes to double the number of devices next year.',
      '"For some people it is the difference between applying for a job and not applying at all," said librarian Owen Hartley. The service is also training volunteers so it can offer help sessions in branch libraries on Saturdays.',
    ],
  },
  {
    title: 'Hospital trial uses software to speed up X-ray results',
    tags: ['technology', 'health'],
    publisher: 'meridian',
    author: 'marcus',
    status: 'premium',
    paragraphs: [
      'A trial at Westmere General Hospital has cut the average wait for chest X-ray results from six days to under two, using software that flags the scans most likely to show a problem. Flagged scans are moved to the front of the queue for a radiologist to review.',
      'The software does not make a diagnosis, and every scan is still read by a doctor. During the eight-month trial it correctly flagged 94 percent of scans later found to show a serious condition, according to figures presented to the hospital board.',
      'Radiologists said the biggest benefit was for patients who needed urgent follow-up, who were now often called back the same week. The hospital is short of radiologists, with four of its fourteen posts unfilled.',
      'Patient groups welcomed the results but called for independent checks on how the system performs for different groups of patients. The hospital said an external evaluation would be published before any decision to extend the trial.',
    ],
  },
  {
    title: 'Start-up builds sensors to find leaks in ageing water mains',
    tags: ['technology', 'environment', 'business'],
    publisher: 'summit',
    author: 'hannah',
    status: 'approved',
    paragraphs: [
      'A start-up founded by two engineering graduates has fitted acoustic sensors to 40 kilometres of water mains in Glenridge, listening for the faint hiss of leaking pipes. In its first six months the system found 27 leaks that the water company had not known about.',
      'The sensors clip onto pipes at existing access points and send readings over a low-power radio network. Software compares the sound at neighbouring sensors to estimate where a leak is, usually to within a few metres.',
      'The region loses almost a quarter of its treated water through leaks, and the water company faces fines if it misses its reduction targets. The start-up, Hydrosense, has raised $2.1 million from investors and plans to hire ten more engineers.',
    ],
  },
  {
    title: 'Council website outage blamed on expired security certificate',
    tags: ['technology', 'politics'],
    publisher: 'ledger',
    author: 'oliver',
    status: 'approved',
    paragraphs: [
      "The city council's website and online payment system were unavailable for most of Monday after a security certificate expired, an internal review has found. Residents trying to pay council tax, book bulky waste collections or report potholes saw warning messages in their browsers.",
      'The certificate had been renewed automatically for several years, but the process stopped working when the council moved its website to a new hosting provider. Reminder emails went to the address of a staff member who had left the organisation.',
      'The council said no data was exposed and that payments due on the day would not incur late fees. It has since set up monitoring that alerts several staff members a month before any certificate is due to expire.',
      "Opposition councillors called the episode embarrassing and asked for a wider review of the council's digital services. The council's digital director said the review's findings would be reported to the audit committee.",
    ],
  },
  {
    title: 'Easton High robotics team heads to the national final',
    tags: ['technology', 'education'],
    publisher: 'riverside',
    author: 'admin',
    status: 'approved',
    paragraphs: [
      'A team of six students from Easton High School has qualified for the national schools robotics final after their machine won the regional round in Riverside on Saturday. The robot, built largely from recycled parts, had to sort coloured blocks and climb a ramp in under two minutes.',
      'The students, aged 15 to 17, meet twice a week after school and spent most of their holidays refining the design. Their teacher, Farah Siddiqui, said the team had rebuilt the gripping arm three times after early tests went wrong.',
      'The final will be held in the capital next month. The team is raising money for travel and hotel costs and has been offered support by two engineering firms in the town.',
    ],
  },
  {
    title: 'Mobile coverage gaps persist on the coast road, survey finds',
    tags: ['technology'],
    publisher: 'harbour',
    author: 'sofia',
    status: 'pending',
    paragraphs: [
      'Drivers on the coast road between Port Aldridge and Cape Hallow still lose mobile signal for long stretches, three years after network operators promised to close the gaps. Volunteers carrying phones on all four networks found no signal at all on almost 11 kilometres of the 48-kilometre route.',
      'Emergency services said poor coverage made it harder for people to report crashes on the winding road, which has one of the worst accident records in the county. Several businesses along the route say card payments often fail.',
      'The operators said new masts were planned but had been delayed by planning objections and difficulties connecting them to the power network. The regional assembly has asked them to publish a timetable.',
    ],
  },
];
