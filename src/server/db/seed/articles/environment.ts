import type { ArticleDraft } from './draft.js';

export const environmentArticles: readonly ArticleDraft[] = [
  {
    title: 'Volunteers plant 12,000 trees along the Marlow River',
    tags: ['environment'],
    publisher: 'riverside',
    author: 'sofia',
    status: 'approved',
    paragraphs: [
      'More than 400 volunteers have planted 12,000 native trees along a nine-kilometre stretch of the Marlow River, one of the largest community planting projects the region has seen. The trees, mainly willow, alder and oak, will shade the water and help keep it cool for fish.',
      'The project was organised by the Marlow Rivers Trust with the support of eleven farms, which gave up narrow strips of land along the bank. The farmers will receive annual payments for the land, and new fencing will keep grazing animals away from the young trees.',
      'Scientists from the university will monitor water temperature and insect life along the planted stretch for the next ten years. "Rivers like this one need shade as much as they need clean water," said the trust\'s director, Ingrid Sorensen.',
      'Volunteers ranged from primary school classes to a group of retired foresters who helped supervise the planting. The trust plans a second phase further upstream.',
    ],
  },
  {
    title: 'Water quality improves at five of seven Port Aldridge beaches',
    tags: ['environment', 'health'],
    publisher: 'harbour',
    author: 'marcus',
    status: 'premium',
    paragraphs: [
      'Water quality at five of the seven official bathing beaches around Port Aldridge has improved over the past year, according to tests published by the environment agency. Two beaches, Gull Bay and North Sands, have been given the highest rating for the first time.',
      'The improvement follows work by the water company to reduce overflows from storm drains, including a new tank under the seafront car park that holds sewage during heavy rain. Overflows into the bay fell by about 40 percent compared with the year before.',
      'The two remaining beaches, at Mill Cove and the harbour mouth, are still rated only sufficient. Campaigners said the results showed what investment could achieve but warned that overflows still happen far too often after storms.',
      'Daily water quality forecasts will again be posted at each beach and online. Swimmers are advised to stay out of the water for 48 hours after heavy rain.',
    ],
  },
  {
    title: 'Northgate trials weekly food waste collections',
    tags: ['environment', 'politics'],
    publisher: 'northgate',
    author: 'hannah',
    status: 'approved',
    paragraphs: [
      "Households in three Northgate neighbourhoods will have their food waste collected every week as part of a trial that could be extended across the city. Each home will receive a small kitchen caddy, a larger outdoor bin and a year's supply of compostable liners.",
      'Food waste makes up about a third of what goes into general rubbish bins. The collected waste will be taken to a digester outside the city, where it will be turned into biogas and fertiliser for local farms.',
      'The council hopes the trial will cut what it pays to send rubbish to landfill and help it meet national recycling targets. Some residents have asked whether general waste will then be collected less often, which the council says has not been decided.',
    ],
  },
  {
    title: 'Rare orchid found on former quarry near Brenton',
    tags: ['environment'],
    publisher: 'valley',
    author: 'grace',
    status: 'approved',
    paragraphs: [
      'A rare orchid not recorded in the county for more than forty years has been found growing on a former limestone quarry near Brenton. Botanists counted 23 flowering plants of the lizard orchid on a grassy ledge above the old workings.',
      "The discovery was made by a retired teacher who was counting butterflies for a conservation charity. She photographed the plants and sent the pictures to the county's plant recorder, who confirmed the identification the same day.",
      'The quarry closed in the 1990s and has been managed for wildlife since a local trust bought it. The trust has fenced off the area around the orchids and will not reveal their exact location, to protect them from collectors.',
    ],
  },
  {
    title: 'Cape Hallow wind farm plan draws hundreds to consultation',
    tags: ['environment', 'business', 'politics'],
    publisher: 'summit',
    author: 'admin',
    status: 'approved',
    paragraphs: [
      'Hundreds of people attended consultation events this week on plans for a 60-turbine wind farm off Cape Hallow, which the developer says could power around 400,000 homes. The turbines would stand about 20 kilometres offshore and be visible from the coast on clear days.',
      'Supporters said the project would bring well-paid jobs to the area, with maintenance vessels based in Port Aldridge for the lifetime of the wind farm. Fishing crews raised concerns about losing access to grounds they have worked for generations.',
      'The developer has offered a community fund worth $1.5 million a year, to be spent on local projects chosen by residents. A formal planning application is expected by the end of the year, after which the public will have a further chance to comment.',
    ],
  },
];
