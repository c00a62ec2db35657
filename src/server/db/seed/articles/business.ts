import type { ArticleDraft } from './draft.js';

export const businessArticles: readonly ArticleDraft[] = [
  {
    title: 'Inflation eases to 2.5 percent as fuel prices fall',
    tags: ['business', 'politics'],
    publisher: 'ledger',
    author: 'marcus',
    status: 'approved',
    paragraphs: [
      'Annual inflation eased to 2.5 percent last month, down from 3.1 percent, as cheaper fuel and smaller increases in food prices took pressure off household budgets. It is the lowest rate in almost three years and slightly below what most economists had expected.',
      'Petrol prices fell for a fourth month in a row, and the cost of bread, dairy and fresh vegetables rose more slowly than a year earlier. Rents and insurance premiums continued to climb, however, and services inflation remains stubborn at 4.2 percent.',
      'The figures strengthen the case for the central bank to cut interest rates at its next meeting. "We are not declaring victory, but the direction is clearly right," the finance minister told reporters.',
      'Business groups said lower borrowing costs would help firms that delayed investment over the past two years. Consumer organisations warned that prices are still far higher than before the recent surge, and that many families have yet to feel any relief.',
    ],
  },
  {
    title: 'Family bakery opens its tenth shop and a training kitchen',
    tags: ['business'],
    publisher: 'harbour',
    author: 'hannah',
    status: 'approved',
    paragraphs: [
      "Calloway's, the family bakery that started with a single counter on Harbour Road in 1987, has opened its tenth shop, along with a training kitchen where it plans to teach thirty apprentices a year. The new branch in the Millfield shopping centre has created 14 jobs.",
      "The business is now run by the founders' daughter, Nadia Calloway, who said finding skilled bakers had become harder than finding customers. Apprentices will spend two years rotating between the kitchen and the shops, and will be paid from their first day.",
      'The company sells around 9,000 loaves a week and still makes its sourdough from a starter descended from the one used in the first shop. Calloway said there were no plans to expand beyond the region. "We would rather be the bakery everyone here knows than a brand nobody remembers," she said.',
    ],
  },
  {
    title: 'Port Aldridge container terminal reports record quarter',
    tags: ['business'],
    publisher: 'summit',
    author: 'oliver',
    status: 'premium',
    trending: true,
    paragraphs: [
      'The container terminal at Port Aldridge handled more than 310,000 containers in the last quarter, its busiest three months since it opened. The operator said new cranes installed last year had cut the time ships spend at the berth by almost a fifth.',
      'Much of the growth came from shipping lines diverting vessels away from congested ports further south. Freight forwarders said the port had become an attractive alternative because of its rail link, which moves around a third of containers inland without using the motorway.',
      "The port's chief executive, Helena Brandt, said the company would spend $85 million over five years on a second rail siding and electric yard vehicles. Unions welcomed the investment but asked for guarantees that automation would not replace existing jobs.",
      'Residents of the nearby Saltmarsh district have complained about night-time noise from the terminal. The operator said it would fit quieter reversing alarms and publish noise readings online each month.',
    ],
  },
  {
    title: 'Small lenders tighten credit as savings rates climb',
    tags: ['business'],
    publisher: 'ledger',
    author: 'premium',
    status: 'approved',
    paragraphs: [
      'Building societies and credit unions are making it harder to borrow, as higher rates on savings accounts push up what they pay for funds. A survey of 40 small lenders found that two in three had raised the minimum deposit required for a mortgage over the past six months.',
      'Larger banks have more room to absorb higher funding costs because many of their customers keep money in current accounts that pay little or no interest. Smaller lenders rely more on savers, who have been quick to move their money to the best deals.',
      'First-time buyers are likely to feel the change most. Several lenders have withdrawn mortgages that required a deposit of only five percent, and others have shortened the time a mortgage offer remains valid.',
      'The trade body for mutual lenders said the squeeze should ease if interest rates fall later in the year. It urged borrowers to speak to their lender early if they expected to struggle with repayments.',
    ],
  },
  {
    title: 'Estuary shipyard wins contract for two electric ferries',
    tags: ['business', 'technology', 'environment'],
    publisher: 'harbour',
    author: 'grace',
    status: 'approved',
    paragraphs: [
      "Pellow and Sons, the last shipyard still building vessels on the Aldridge estuary, has won a contract to build two battery-powered ferries for the harbour crossing. The order, worth about $28 million, is the largest in the yard's 110-year history.",
      'Each ferry will carry up to 250 passengers and 40 bicycles and will recharge in the ten minutes it spends at the quay. The operator expects the new boats to cut fuel costs by two-thirds and remove the diesel fumes that passengers have complained about for years.',
      'The yard plans to take on 35 workers, including 12 apprentices, to deliver the ferries over the next two and a half years. Managing director Tom Pellow said the contract would give the business "a future, not just a full order book".',
      'The first ferry is due to enter service in two years. The existing diesel boats will be kept as reserves for the busiest weekends.',
    ],
  },
  {
    title: 'Regional airline adds flights to three mountain towns',
    tags: ['business'],
    publisher: 'northgate',
    author: 'sofia',
    status: 'pending',
    paragraphs: [
      'Skyline Regional will add direct flights from Port Aldridge to three mountain towns next season, bringing its network to 19 destinations. The airline will fly twice a week to Altmoor and Glenridge and three times a week to Fellhaven.',
      'Tourism offices in the towns said the flights would cut a six-hour drive to under an hour and help hotels fill rooms outside the peak weeks. The airline is using two new turboprop aircraft that burn about a third less fuel than the planes they replace.',
      'Fares will start at $79 each way. The airline said it would review the routes after the first year and drop any that failed to fill at least 60 percent of seats.',
    ],
  },
];
