import { button, divider, footer, greeting, header, heading, list, photo, starter, text } from './template-kit.ts';

export const EVENT_TEMPLATES = [
  starter({
    id: 'starter-event-invitation',
    display_name: 'Event invitation',
    category: 'event',
    subject: 'You’re invited: [Event name] on [Date]',
    preheader: 'Save the date and bring a friend',
    parts: [
      header(),
      heading('You’re invited: [Event name]'),
      photo('[A picture that sets the mood]'),
      greeting('We’re hosting [Event name], and we’d love you to be there. [One or two lines on what will happen and who it’s for].'),
      text(list('<strong>When:</strong> [Date], [Start time] to [End time]', '<strong>Where:</strong> [Address, or "at the restaurant"]', '<strong>Price:</strong> [Price per person, or "Free"]')),
      text('Book early to be sure of a seat.'),
      button('Save my seat'),
      footer(),
    ],
  }),
  starter({
    id: 'starter-live-music',
    display_name: 'Live music night',
    category: 'event',
    subject: '[Artist or band] live on [Date]',
    preheader: 'Good food, good music, [Start time] onwards',
    parts: [
      header(),
      heading('Live music: [Artist or band]'),
      greeting('On <strong>[Date]</strong> from <strong>[Start time]</strong>, [Artist or band] plays live in the dining room. [A line about their music].'),
      photo('[Artist or band]'),
      text('Come for dinner and stay for the set. Tables near the music go first.'),
      button('Book a table'),
      divider(),
      footer(),
    ],
  }),
];
