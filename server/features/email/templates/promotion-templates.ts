import { button, divider, footer, greeting, header, heading, list, photo, starter, text } from './template-kit.ts';

export const PROMOTION_TEMPLATES = [
  starter({
    id: 'starter-weekly-special',
    display_name: 'This week’s special',
    category: 'promotion',
    subject: '[Dish name] is this week’s special',
    preheader: '[Offer], from [Day] to [Day] only',
    parts: [
      header(),
      heading('[Dish name], [offer]'),
      photo('[Dish name]'),
      greeting(
        'This week our kitchen is cooking [Dish name]: [one line on what’s in it and why it’s good].',
        'From <strong>[Day] to [Day]</strong> it’s <strong>[offer]</strong>. Come early and bring a friend.',
      ),
      button('Book a table'),
      footer(),
    ],
  }),
  starter({
    id: 'starter-happy-hour',
    display_name: 'Happy hour',
    category: 'promotion',
    subject: 'Happy hour: [Start time] to [End time], [Days]',
    preheader: '[Drink or snack deal] while the sun goes down',
    parts: [
      header(),
      heading('Happy hour is on'),
      greeting('Finish the day with us. Every [Days], from [Start time] to [End time]:'),
      text(list('[Drink deal]', '[Snack or small plate deal]', '[Anything else that is on]')),
      photo('[A drink or plate from the happy hour]'),
      text('Bring a friend, grab a seat at the bar, and we’ll take it from there.'),
      button('See the happy hour menu'),
      footer(),
    ],
  }),
  starter({
    id: 'starter-limited-offer',
    display_name: 'Limited-time offer',
    category: 'promotion',
    subject: 'Just for you: [offer] until [Date]',
    preheader: 'Show this email when you order',
    parts: [
      header(),
      heading('A little thank-you: [offer]'),
      greeting(
        'You’re on our list because you’ve eaten with us, so you hear about this first: <strong>[offer]</strong> on [what it applies to].',
        'It runs until <strong>[Date]</strong>. Show this email when you order, or mention it when you book.',
      ),
      button('Order now'),
      divider(),
      text('<p style="font-size:13px">[Conditions, e.g. one per table, not with other offers]</p>'),
      footer(),
    ],
  }),
];
