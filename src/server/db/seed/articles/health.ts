import type { ArticleDraft } from './draft.js';

export const healthArticles: readonly ArticleDraft[] = [
  {
    title: 'Walk-in clinic extends evening hours to ease pressure on emergency department',
    tags: ['health'],
    publisher: 'northgate',
    author: 'grace',
    status: 'approved',
    paragraphs: [
      "The walk-in clinic in central Northgate will stay open until 10pm on weekdays, two hours later than before, to keep minor injuries and illnesses away from the hospital's emergency department. The change follows months in which the emergency department regularly saw more than 200 patients a day.",
      'The clinic treats sprains, cuts, minor burns, infections and similar problems, and does not require an appointment. Health officials estimate that about one in five people who go to the emergency department could be treated there instead.',
      'Two extra nurses and a doctor have been recruited to cover the evening shifts. The clinic will also show live waiting times on its website so people can decide where to go.',
    ],
  },
  {
    title: 'Flu vaccine uptake among over-65s rises for a second year',
    tags: ['health'],
    publisher: 'meridian',
    author: 'hannah',
    status: 'approved',
    paragraphs: [
      'Nearly 78 percent of people aged 65 and over received a flu vaccine last season, up from 74 percent the year before, according to figures from the national health agency. It is the second year in a row that uptake has risen after several years of decline.',
      'Officials credited the increase to pharmacies offering the vaccine without an appointment and to text message reminders sent by family doctors. Uptake among younger adults with long-term health conditions remained lower, at just over half.',
      'Health officials said vaccination remained the best protection against serious illness and urged eligible people to book early. Mobile teams will again visit care homes so that residents and staff can be vaccinated on the same day.',
    ],
  },
  {
    title: 'New maternity unit opens at Westmere General',
    tags: ['health', 'politics'],
    publisher: 'valley',
    author: 'premium',
    status: 'premium',
    paragraphs: [
      'A new maternity unit has opened at Westmere General Hospital, replacing wards that staff had described as cramped and outdated. The $38 million unit has 24 private rooms, a birth centre led by midwives and a neonatal unit with space for parents to stay overnight.',
      'The old wards, built in the 1960s, had shared bathrooms and nowhere for partners to stay. Midwives were involved in the design and asked for features such as adjustable lighting and a birthing pool in every room of the birth centre.',
      'The opening was delayed by more than a year because of problems with the ventilation system, which became a political issue during the last regional election. The health minister, who opened the unit, said the delay had been regrettable but the result was worth the wait.',
      'Around 3,200 babies are born at the hospital each year. Staff said the first baby delivered in the new unit, a girl, arrived just four hours after it opened.',
    ],
  },
  {
    title: "Dentists warn of year-long waits for children's check-ups",
    tags: ['health', 'education'],
    publisher: 'ledger',
    author: 'marcus',
    status: {
      declined:
        "We can't run this without a response from the health board, which plans dental services. Please ask their press office for a comment, give a source for the waiting times, and resubmit.",
    },
    paragraphs: [
      'Dentists in the capital say some children are waiting more than a year for a routine check-up, and that more are arriving with decay that could have been prevented. The local dental committee said several practices had stopped taking on new young patients altogether.',
      'One dentist said she now saw children as young as four who needed several teeth removed under general anaesthetic. School nurses have reported more pupils missing lessons because of toothache.',
      'The committee is calling for supervised tooth-brushing in nurseries and primary schools, similar to schemes that have reduced decay elsewhere. It also wants funding rules changed so that practices are paid more for treating children.',
    ],
  },
  {
    title: "Pharmacy pilot offers treatment for minor ailments without a doctor's appointment",
    tags: ['health'],
    publisher: 'summit',
    author: 'oliver',
    status: 'pending',
    paragraphs: [
      'Patients in four towns will be able to get treatment for seven common conditions directly from a pharmacist, without first seeing a doctor, under a pilot starting next month. The conditions include ear infections, sinusitis, sore throats and urinary infections in women.',
      'Pharmacists taking part have completed extra training and will be able to prescribe antibiotics and other medicines where appropriate, following national guidelines. Patients whose symptoms suggest something more serious will be referred to their family doctor on the same day.',
      "Doctors' representatives said the scheme could free up appointments but stressed that pharmacists must have access to patients' records. The health authority said pharmacists would see a summary record with the patient's consent.",
    ],
  },
];
