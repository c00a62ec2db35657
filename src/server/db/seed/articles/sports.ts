import type { ArticleDraft } from './draft.js';

export const sportsArticles: readonly ArticleDraft[] = [
  {
    title: 'Harbour City snatch late winner to stay top of the league',
    tags: ['sports'],
    publisher: 'harbour',
    author: 'oliver',
    status: 'approved',
    paragraphs: [
      'A header from substitute Jonah Mensah four minutes into stoppage time gave Harbour City a 2-1 win over Kingsbridge Rovers on Saturday and kept them two points clear at the top of the league. The goal sparked wild celebrations among the 14,000 fans at the Quayside Ground.',
      'Rovers had taken the lead shortly before half-time when a low cross found Callum Price unmarked at the far post. City dominated possession after the break and equalised through captain Ellis Grant, who curled a free kick into the top corner with 20 minutes left.',
      'Mensah, 19, had been on the pitch for only six minutes when he rose to meet a corner from the left. "I just closed my eyes and attacked the ball," he said afterwards.',
      'City face their closest rivals, Northgate Athletic, away next weekend. Manager Lisa Crane said her squad would enjoy the result for one night and then start preparing.',
    ],
  },
  {
    title: 'Teenage swimmer breaks national junior record in 200 metres butterfly',
    tags: ['sports', 'education'],
    publisher: 'riverside',
    author: 'hannah',
    status: 'premium',
    paragraphs: [
      'Sixteen-year-old Mia Kowalski broke the national junior record in the 200 metres butterfly at the championships in Fellhaven on Sunday, finishing in two minutes 9.84 seconds. She took more than a second off a mark that had stood for eleven years.',
      'Kowalski trains with Riverside Swimming Club before school five mornings a week and fits homework around evening sessions in the gym. Her coach, Aaron Feld, said her progress over the past year had come from better turns rather than raw speed.',
      "The time puts her within reach of the qualifying standard for next year's senior international team. Swimming officials said she was one of three juniors being considered for a place on the national development programme.",
      'Kowalski said she planned to take a week off before going back to training. "My mum has promised me pizza and no early alarms," she said.',
    ],
  },
  {
    title: 'Valley Marathon moves start time earlier to avoid the afternoon heat',
    tags: ['sports', 'health', 'environment'],
    publisher: 'valley',
    author: 'marcus',
    status: 'approved',
    paragraphs: [
      "Organisers of the Valley Marathon will start this year's race an hour earlier, at 7.30am, after a sharp rise in heat-related illness among runners last time. Medical teams treated 63 people on the course, nearly double the number of the year before.",
      'The route will also change so that the final eight kilometres follow the shaded riverside path rather than the exposed ring road. Extra water stations will be placed every three kilometres, and two cooling zones with misting fans will be set up in the second half of the course.',
      "Race director Naomi Tran said the changes followed advice from the county's public health team. Runners who no longer wish to take part can defer their entry to next year free of charge.",
      'Around 6,500 people have registered for the full marathon and a further 4,000 for the half. Residents along the route have been warned that some roads will close from 5am.',
    ],
  },
  {
    title: "Women's cricket side secures first home series win in six years",
    tags: ['sports'],
    publisher: 'summit',
    author: 'grace',
    status: 'approved',
    paragraphs: [
      "The national women's cricket team sealed their first home series win in six years with a seven-wicket victory in the third one-day match at Kingsbridge on Wednesday. Opener Rachel Osei made an unbeaten 94 as the hosts chased down a target of 231 with more than five overs to spare.",
      'The bowlers had set up the win earlier in the day, with left-arm spinner Anika Desai taking four wickets for 38. The visitors lost their last six wickets for 41 runs after a strong start.',
      "Captain Beth Holloway said the side had worked hard on batting under pressure since a disappointing tour last year. The crowd of almost 5,000 was the largest for a women's international at the ground.",
      'The two sides now meet in three short-format matches, starting on Saturday. Tickets for the opening game have already sold out.',
    ],
  },
  {
    title: "Stadium naming-rights deal splits Northgate Athletic's supporters",
    tags: ['sports', 'business'],
    publisher: 'northgate',
    author: 'admin',
    status: 'premium',
    paragraphs: [
      "Northgate Athletic's decision to sell the naming rights to its 90-year-old stadium has divided the club's supporters' trust, with members voting narrowly against the deal in an online poll. The club says the ten-year agreement with an energy company is worth about $2 million a season.",
      "The board argues that the money is needed to repair the ageing main stand and to fund the women's team and academy. Under the deal the ground would be known as the Brightwell Energy Park, although the club has promised to keep the old name, Copper Lane, on the main gates.",
      'The trust\'s chair, Dev Mistry, said many members felt the name was part of the club\'s history and should not be for sale. "We understand the finances, but there has to be something that money cannot buy," he said.',
      "The club is not bound by the poll. A final decision is expected at a board meeting later this month, and the trust has asked to present its members' views in person.",
    ],
  },
  {
    title: "Cycling club's youth programme doubles in size",
    tags: ['sports', 'health'],
    publisher: 'riverside',
    author: 'sofia',
    status: 'pending',
    paragraphs: [
      'Riverside Wheelers, a cycling club that began with six members meeting in a supermarket car park, now runs Saturday sessions for more than 120 young riders. The youth programme has doubled in size in eighteen months.',
      'Sessions cover road safety, basic repairs and bike handling on a closed circuit at the old airfield. The club lends bikes and helmets to children who do not have their own, thanks to a donation from a local bike shop.',
      'Coach Femi Adebayo said parents often joined in after a few weeks. "It started as something for the kids, and now half the families ride together on Sundays," he said. The club is looking for more volunteer coaches so it can add a session on weekday evenings.',
    ],
  },
];
