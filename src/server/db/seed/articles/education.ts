import type { ArticleDraft } from './draft.js';

export const educationArticles: readonly ArticleDraft[] = [
  {
    title: 'Primary schools to offer free breakfast clubs from next school year',
    tags: ['education', 'health', 'politics'],
    publisher: 'meridian',
    author: 'grace',
    status: 'approved',
    paragraphs: [
      'Every state primary school in the region will offer a free breakfast club from the start of the next school year, the regional government has announced. The clubs will open 30 minutes before lessons and serve cereal, toast, fruit and milk.',
      'A pilot in 60 schools found that pupils who attended regularly were less likely to be late and more likely to concentrate in morning lessons, according to teachers surveyed. Parents also said the clubs made it easier to get to work on time.',
      'The scheme will cost around $22 million a year. Head teachers welcomed the funding but warned that some schools would struggle to find staff willing to start work earlier.',
      'The government said schools could use volunteers and teaching assistants and would receive extra money to pay them. Schools that already run paid breakfast clubs will be able to make them free from the same date.',
    ],
  },
  {
    title: 'Westmere University opens a teaching farm for agriculture students',
    tags: ['education', 'environment'],
    publisher: 'valley',
    author: 'oliver',
    status: 'approved',
    paragraphs: [
      'Westmere University has opened a 120-hectare teaching farm where agriculture students will learn to manage crops, livestock and soil on a working commercial site. The farm includes a dairy herd of 90 cows and fields set aside for trials of new crop varieties.',
      'Students will spend one day a week on the farm in their first year and longer placements later in their courses. The university said employers had asked for graduates with more hands-on experience.',
      'Part of the farm will be used to study methods that reduce fertiliser use and store more carbon in the soil. Results will be shared with local farmers at open days held twice a year.',
    ],
  },
  {
    title: 'Exam entries show more pupils choosing computing and languages',
    tags: ['education', 'technology'],
    publisher: 'ledger',
    author: 'hannah',
    status: 'premium',
    paragraphs: [
      'The number of pupils taking computing at advanced level has risen by 18 percent in a year, according to figures from the national exams board. Entries for modern languages also rose for the first time in a decade, driven mainly by Spanish and Mandarin.',
      "Head teachers said the growth in computing reflected better-trained teachers and pupils' interest in careers in technology. However, girls still made up only about one in five computing candidates.",
      'The rise in languages followed a national programme that pays for native speakers to work as assistants in schools. The exams board said it would publish a full breakdown by region and type of school next month.',
      'Entries for some creative subjects, including music and drama, continued to fall. Arts organisations called on the government to protect these subjects from further cuts to school budgets.',
    ],
  },
  {
    title: 'Adult learning centre saved by community buy-out',
    tags: ['education', 'business'],
    publisher: 'northgate',
    author: 'premium',
    status: 'approved',
    paragraphs: [
      'An adult learning centre in Northgate that was due to close has been saved after residents raised $480,000 to buy the building from the council. More than 900 people bought shares in the community company that now owns it.',
      'The centre runs courses in English, basic maths, computing, cookery and woodwork, as well as evening classes in painting and languages. About 1,200 people enrol each year, many of them adults returning to learning after a long break.',
      'The council had planned to sell the building to a developer to cut its running costs. The new owners will lease part of the space to a nursery and a café to pay for maintenance.',
      '"People said we would never raise the money in time, and we did it with three days to spare," said the campaign\'s organiser, Beatriz Lowe. The first courses under the new management begin next month.',
    ],
  },
  {
    title: 'Shortage of school bus drivers leaves village families scrambling',
    tags: ['education'],
    publisher: 'riverside',
    author: 'marcus',
    status: {
      declined:
        'The piece rests on one anonymous parent and has no comment from the bus operator or the county. Please add both, and check the number of pupils affected with the schools, before resubmitting.',
    },
    paragraphs: [
      'Families in villages around Riverside have been told that three school bus routes will be suspended until new drivers can be found. Around 140 pupils are affected, some of whom live more than ten kilometres from their school.',
      "Parents said they had been given less than a week's notice and that many could not drive their children because of work. One mother said she had been forced to cut her hours to make the morning journey.",
      'Bus operators say driver shortages have been made worse by rising living costs and the long split shifts that school routes require. The county has offered operators higher rates in an attempt to restore the routes.',
    ],
  },
];
