import type { ArticleDraft } from './draft.js';

export const entertainmentArticles: readonly ArticleDraft[] = [
  {
    title: 'Old Corn Exchange reopens as a 400-seat music venue',
    tags: ['entertainment', 'business'],
    publisher: 'harbour',
    author: 'sofia',
    status: 'approved',
    paragraphs: [
      "The Corn Exchange in Port Aldridge, empty for almost fifteen years, has reopened as a 400-seat music venue after a restoration costing $6.3 million. The building's glass roof, boarded over since the 1970s, has been fully restored.",
      'The venue will be run by a charitable trust and plans to host around 150 concerts a year, from folk and jazz to chamber music. A third of the tickets for each show will be sold at a reduced price to people under 25.',
      "The opening weekend featured a sold-out performance by the Aldridge Youth Orchestra and a late-night set from local band The Tidelines. Programme director Clara Fenwick said the aim was to give musicians from the region a stage between pub back rooms and the city's large arena.",
      'Traders on the surrounding streets hope the venue will bring more evening visitors to the old town. The trust said it would work with nearby restaurants on pre-concert offers.',
    ],
  },
  {
    title: 'Debut novel set on a fishing trawler wins the Coastline Book Prize',
    tags: ['entertainment', 'education'],
    publisher: 'meridian',
    author: 'hannah',
    status: 'premium',
    paragraphs: [
      'A debut novel about three generations of a family who work the same fishing trawler has won this year\'s Coastline Book Prize. "The Cold Grounds" by former deckhand Isaac Moreno was chosen from a shortlist of six.',
      'The judges praised the book\'s "unsentimental tenderness" and its detailed account of life at sea. Moreno, who spent twelve years on trawlers before retraining as a teacher, wrote much of the novel in the early hours before school.',
      "The prize comes with $15,000 and a month at a writers' residency. Moreno said he would use the money to fund creative writing workshops for teenagers in fishing communities.",
      'Sales of the book, published by a small independent press, have risen sharply since the shortlist was announced. The publisher has ordered a third print run.',
    ],
  },
  {
    title: 'Street food festival returns to the riverside with sixty stalls',
    tags: ['entertainment'],
    publisher: 'valley',
    author: 'oliver',
    status: 'approved',
    paragraphs: [
      'The Valley Street Food Festival returns to the riverside meadows this weekend with sixty stalls, two music stages and a new area for local producers. Organisers expect around 30,000 visitors over the two days.',
      "This year's line-up includes Filipino barbecue, Ethiopian stews, wood-fired flatbreads and a stall run by students from the town's catering college. Every trader has been asked to use reusable or compostable plates, and water refill points will be placed around the site.",
      "Entry is free, but visitors are encouraged to walk, cycle or use the park-and-ride service from the leisure centre. Organisers said last year's event raised more than $20,000 for the town's food bank through a small charge on each drink.",
    ],
  },
  {
    title: 'Film crew to shoot period drama in Kingsbridge old town',
    tags: ['entertainment', 'business'],
    publisher: 'northgate',
    author: 'premium',
    status: 'approved',
    paragraphs: [
      'A television production company will spend six weeks filming a period drama in the old town of Kingsbridge, turning its cobbled streets into a nineteenth-century port. Around 200 local people have signed up as extras.',
      'Shopkeepers on Bridge Street will be paid to cover their signs and windows during filming, and several car parks will be closed. The council said the production was expected to bring about $3 million into the local economy through hotel stays, catering and hired labour.',
      "Some residents have raised concerns about road closures and night shoots. The production company has set up a phone line for complaints and promised to give at least a week's notice of any filming after 10pm.",
      'The eight-part series, based on a popular historical novel, is due to be broadcast next year. The producers have not confirmed the cast, although filming notices posted in the old town list several well-known actors.',
    ],
  },
  {
    title: "Community choir's anniversary concert raises funds for hospice",
    tags: ['entertainment', 'health'],
    publisher: 'riverside',
    author: 'writer',
    status: {
      declined:
        "Thanks, Priya, this is a lovely story, but we can't publish it yet: it never says how much was raised, and the hospice needs a named source. Please add the total and a quote from someone at the hospice, then resubmit.",
    },
    paragraphs: [
      "The Riverside Community Choir marked its twentieth anniversary with a concert at the parish church that raised money for the town's hospice. More than 300 people attended, and the choir sang a programme of folk songs, hymns and music from the shows.",
      'The choir was founded by a group of friends who met at an evening class and now has 85 members aged from 17 to 91. Anyone can join, and there are no auditions.',
      'The hospice said the money would pay for a new garden room where patients can spend time with their families. The choir has been invited to sing there when the room opens.',
    ],
  },
];
