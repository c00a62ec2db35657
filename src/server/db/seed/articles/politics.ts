import type { ArticleDraft } from './draft.js';

export const politicsArticles: readonly ArticleDraft[] = [
  {
    title: 'City council approves late-night bus routes after two-year campaign',
    tags: ['politics'],
    publisher: 'harbour',
    author: 'grace',
    status: 'approved',
    paragraphs: [
      'Port Aldridge city council has approved three late-night bus routes, ending a two-year campaign by hospitality workers who finish their shifts after the last scheduled service. The routes will run until 2am from Thursday to Sunday and link the waterfront with the eastern estates. Councillors backed the plan by 31 votes to 9.',
      'The scheme will cost about $1.4 million a year, paid for from parking revenue and a contribution from the regional transport authority. Opponents argued that the money would be better spent on daytime reliability, which has slipped on several routes over the past year.',
      '"For years people have been walking home along unlit roads or paying for taxis they cannot afford," said Leanne Morris, who organised the petition that gathered more than 8,000 signatures. Bar and restaurant owners on Quay Street said the change would make it easier to recruit staff.',
      'The first buses are due to run within three months, once drivers have been recruited. The council will review passenger numbers after a year and has promised to publish the figures.',
    ],
  },
  {
    title: 'Parliament committee calls for clearer rules on lobbying meetings',
    tags: ['politics'],
    publisher: 'meridian',
    author: 'marcus',
    status: 'premium',
    paragraphs: [
      'A cross-party committee of parliament has recommended that every meeting between ministers and paid lobbyists be published within a month, along with a short summary of what was discussed. The current register lists only the names of organisations and is often updated a year or more after the event.',
      'The committee found that fewer than half of ministerial meetings with commercial interests appeared in the register at all. It heard evidence from former civil servants who described informal conversations at conferences and dinners that were never recorded.',
      '"Transparency is not an accusation," said the committee\'s chair, Ruth Adeyemi. "It is the price of public trust, and right now we are not paying it."',
      'Lobbying firms said they supported more openness but warned that a monthly deadline could be hard for smaller charities and community groups to meet. The committee suggested a lighter register for organisations with fewer than ten staff. The government has two months to respond.',
    ],
  },
  {
    title: 'Westmere county votes to merge three rural fire districts',
    tags: ['politics'],
    publisher: 'valley',
    author: 'oliver',
    status: 'approved',
    paragraphs: [
      'Westmere county council has voted to merge three rural fire districts into a single service, in a move officials say will save money and speed up response times in outlying villages. The change takes effect at the start of the next financial year.',
      'Under the plan, the Hallow, Brenton and Upper Marsh districts will share one control room, one training programme and a joint fleet of eleven engines. No stations will close, and the county has promised that every village will keep at least one crew on call around the clock.',
      'Retained firefighters, who combine the role with other jobs, had raised concerns about longer journeys to training sessions. The council agreed to hold most training at the existing stations on a rotating basis. The union representing the crews said it would monitor the arrangement closely.',
      'Officials estimate that the merger will save about $600,000 a year in administration, money that will be used to replace two engines more than twenty years old. A review of response times will be presented to councillors after the first twelve months.',
    ],
  },
  {
    title: "Mayor's housing plan faces first test at planning hearing",
    tags: ['politics', 'business'],
    publisher: 'northgate',
    author: 'sofia',
    status: 'premium',
    paragraphs: [
      "The mayor's flagship plan to build 2,000 affordable homes on former railway land in Northgate faces its first formal test next week, when the planning committee considers an outline application for the first 450. Officers have recommended approval, subject to conditions on traffic and drainage.",
      "The scheme would set aside 40 percent of the homes for social rent, well above the city's usual target of 25 percent. Developers have warned that the higher share could make later phases harder to finance if building costs keep rising.",
      'Residents of the neighbouring Cedar Park estate have lodged more than 300 objections, most of them about the loss of an informal green space used by dog walkers and children. The revised plans include a new park of similar size on the eastern edge of the site. "We are not against homes, we are against losing the only open space within walking distance," said resident Gillian Shaw.',
      "If the committee agrees, work on roads and drains could begin within a year. The mayor's office said the first residents could move in before the next city election.",
    ],
  },
  {
    title: 'Turnout in Easton Vale by-election highest in two decades',
    tags: ['politics'],
    publisher: 'ledger',
    author: 'admin',
    status: 'approved',
    paragraphs: [
      "Almost 52 percent of voters in the Easton Vale ward turned out for Thursday's council by-election, the highest figure for a local contest in the city in more than twenty years. The seat was won by independent candidate Samuel Ortiz, a retired head teacher, with a majority of 412.",
      "Election officials credited the high turnout partly to a long-running dispute over the closure of the ward's only library, which became the main issue of the campaign. Ortiz campaigned on reopening the library as a community hub run jointly with volunteers.",
      'Postal votes made up nearly a third of the ballots cast, a record for the ward. Officials said they had added extra staff at the count to make sure the result was declared before midnight.',
      'The result leaves the governing group on the council with a majority of two. Ortiz said he would not join any group and would judge every proposal on its merits.',
    ],
  },
  {
    title: 'Opposition bill would cap rent rises in student housing',
    tags: ['politics', 'education'],
    publisher: 'riverside',
    author: 'premium',
    status: 'pending',
    paragraphs: [
      'An opposition bill introduced in parliament this week would limit annual rent rises in purpose-built student housing to inflation plus one percentage point. Its sponsors say rents in some university towns have risen by more than 30 percent in three years.',
      'The bill would apply to blocks with more than 50 rooms and would require landlords to publish their rents for the coming academic year well before students choose where to live. Students would also gain the right to end a contract early if their course is cancelled.',
      "The national students' union welcomed the proposal, saying many students now spend more on rent than their entire maintenance loan. Private housing providers said a cap would discourage investment at a time when universities need more beds, not fewer.",
      'Bills introduced by opposition members rarely become law without government support. The minister for higher education said she would study the proposal but preferred to agree a voluntary code with the industry.',
    ],
  },
];
