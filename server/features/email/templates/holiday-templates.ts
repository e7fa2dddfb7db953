import { button, divider, footer, greeting, header, heading, list, photo, starter, text } from './template-kit.ts';

export const HOLIDAY_TEMPLATES = [
  starter({
    id: 'starter-holiday-hours',
    display_name: 'Holiday opening hours',
    category: 'holiday',
    subject: 'Our [Holiday] opening hours',
    preheader: 'Plan ahead: when we’re open and closed',
    parts: [
      header(),
      heading('Our [Holiday] hours'),
      greeting('So you’re never met by a locked door, here’s when we’re open over [Holiday]:'),
      text(list('<strong>[Day, date]:</strong> [hours, or "closed"]', '<strong>[Day, date]:</strong> [hours, or "closed"]', '<strong>[Day, date]:</strong> [hours, or "closed"]')),
      text('Normal hours are back from [Date]. Thank you for a wonderful year with us.'),
      button('Book ahead'),
      footer(),
    ],
  }),
  starter({
    id: 'starter-holiday-menu',
    display_name: 'Holiday set menu',
    category: 'holiday',
    subject: 'Book your [Holiday] table',
    preheader: 'Our [Holiday] menu, [price] per person',
    parts: [
      header(),
      heading('Celebrate [Holiday] with us'),
      photo('[A dish from the holiday menu]'),
      greeting('For [Holiday] we’re serving a special menu on [Date or dates]:'),
      text(list('[Starter]', '[Main]', '[Dessert]'), '<p><strong>[Price] per person</strong>. [Vegetarian or other options].</p>'),
      text('Book ahead and we’ll save you the best seat we have.'),
      button('Book a table'),
      footer(),
    ],
  }),
  starter({
    id: 'starter-gift-cards',
    display_name: 'Gift cards',
    category: 'holiday',
    subject: 'A gift that tastes good',
    preheader: 'Our gift cards: [where to get them]',
    parts: [
      header(),
      heading('Give a good meal'),
      greeting(
        'Still looking for a present? Our gift cards come in [amounts] and never go out of fashion.',
        'Get one [in the restaurant, online, or both]. [Any bonus, e.g. a small extra when you buy one].',
      ),
      button('Get a gift card'),
      divider(),
      footer(),
    ],
  }),
];
