import { button, divider, footer, greeting, header, heading, photo, starter, text } from './template-kit.ts';

/** Loyalty, newsletter, reopening and feedback: the emails that keep guests coming back. */
export const GUEST_TEMPLATES = [
  starter({
    id: 'starter-regulars-thanks',
    display_name: 'Thank you, regulars',
    category: 'loyalty',
    subject: 'A thank-you from our kitchen',
    preheader: '[Reward] on your next visit',
    parts: [
      header(),
      heading('Thank you for coming back'),
      greeting(
        'Guests like you are why we open the doors every day. As a thank-you, your next visit comes with <strong>[Reward]</strong>.',
        'Just mention this email when you order. It’s good until [Date].',
      ),
      button('Book your next visit'),
      footer(),
    ],
  }),
  starter({
    id: 'starter-birthday',
    display_name: 'Birthday treat',
    category: 'loyalty',
    subject: 'Happy birthday, {{first_name|friend}}!',
    preheader: '[Birthday treat] is on us',
    parts: [
      header(),
      heading('Happy birthday!'),
      photo('[A dessert or a glass raised]'),
      greeting('From all of us: happy birthday. Celebrate with us and <strong>[Birthday treat]</strong> is on the house, any day until [Date].'),
      button('Book your birthday table'),
      footer(),
    ],
  }),
  starter({
    id: 'starter-monthly-news',
    display_name: 'Monthly news',
    category: 'newsletter',
    subject: 'News from our kitchen: [Month]',
    preheader: '[The headline story in a few words]',
    parts: [
      header(),
      heading('News from our kitchen'),
      greeting('Here’s what has been happening with us this [Month].'),
      photo('[A picture for the main story]'),
      heading('[Main story headline]', 2),
      text('[Two or three sentences: a new dish, a new face in the team, a local supplier you work with.]'),
      divider(),
      heading('Coming up', 2),
      text('[Events, seasonal dishes or dates worth knowing about.]'),
      button('See what’s on'),
      footer(),
    ],
  }),
  starter({
    id: 'starter-reopening',
    display_name: 'We’re back',
    category: 'reopening',
    subject: 'We’re open again from [Date]',
    preheader: 'The doors are open and the kitchen is busy',
    parts: [
      header(),
      heading('We’re back!'),
      photo('[The dining room or the team]'),
      greeting(
        'After [the break, the renovation, the holidays], our doors open again on <strong>[Date]</strong>. [What’s new, if anything].',
        'Our hours from now on: [opening hours].',
        'We’ve missed you. Come and say hello.',
      ),
      button('Book a table'),
      footer(),
    ],
  }),
  starter({
    id: 'starter-feedback',
    display_name: 'How was your visit?',
    category: 'feedback',
    subject: 'How was your visit?',
    preheader: 'One minute of your time helps us a lot',
    parts: [
      header(),
      heading('How was your visit?'),
      greeting(
        'Thank you for eating with us. We read every review, and they shape what we cook and how we look after you.',
        'Whether it was perfect or something could have been better, we’d love to hear it.',
      ),
      button('Tell us how we did'),
      text('<p style="font-size:13px">[Set the button link to your review page.]</p>'),
      footer(),
    ],
  }),
];
