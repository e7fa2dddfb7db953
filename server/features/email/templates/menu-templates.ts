import { button, footer, greeting, header, heading, list, photo, starter, text } from './template-kit.ts';

export const NEW_MENU_TEMPLATES = [
  starter({
    id: 'starter-new-menu',
    display_name: 'New menu launch',
    category: 'new_menu',
    subject: 'Our new [season] menu is here',
    preheader: '[Number] new dishes, starting [Date]',
    parts: [
      header(),
      heading('Our new [season] menu is here'),
      photo('[A dish from the new menu]'),
      greeting(
        'Our kitchen has been busy. From <strong>[Date]</strong>, the menu changes: [one line on the idea behind it].',
        'A few we’re proud of:',
      ),
      text(list('<strong>[Dish name]</strong>: [short description]', '<strong>[Dish name]</strong>: [short description]', '<strong>[Dish name]</strong>: [short description]')),
      text('Your old favourites? [Say which ones stay].'),
      button('See the full menu'),
      footer(),
    ],
  }),
  starter({
    id: 'starter-new-dish',
    display_name: 'Meet our new dish',
    category: 'new_menu',
    subject: 'New on the menu: [Dish name]',
    preheader: '[One line that makes people hungry]',
    parts: [
      header(),
      photo('[Dish name]'),
      heading('Meet [Dish name]'),
      greeting(
        '[Dish name] joins the menu on [Date]. [What’s in it, where the idea came from, who made it].',
        'It’s [price] and it goes well with [drink or side].',
      ),
      button('Come and try it'),
      footer(),
    ],
  }),
];
