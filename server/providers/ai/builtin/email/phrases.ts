import type { TemplateCategory } from '../../../../../src/contract/email.ts';
import type { Tone } from './voice.ts';

/**
 * The builtin writer's building blocks. Facts only enter through {slots} filled from the owner's prompt or
 * brand: {topic} {offer} {when} {time} {holiday} {brand} {location}, plus {new}/{menu} which exist only
 * when the prompt says "new" / names a menu. A phrase whose slots are not all known is skipped, so no
 * phrase ever needs a fact to be made up. The fixed words name no dish, price, day, date or holiday.
 */
export type OccasionPhrases = {
  headings: string[];
  subjects: string[];
  preheaders: string[];
  /** The sentence that carries the facts. */
  facts: string[];
  openers: Record<Tone, string[]>;
  buttons: string[];
};

const GENERIC_OPENERS: Record<Tone, string[]> = {
  warm: ['We have something we think you’ll love.', 'We wanted you to be the first to know.', 'Here’s a little something to look forward to.'],
  playful: ['Drumroll, please.', 'Good news travels fast, so here it is.', 'Clear a space in your calendar for this one.'],
  refined: ['We are pleased to share something special with you.', 'A short note, with something we hope you will enjoy.', 'We would be delighted to welcome you.'],
};

export const PHRASES: Record<TemplateCategory, OccasionPhrases> = {
  promotion: {
    headings: ['{topic}, {offer}', '{offer}: {topic}', '{date}: {topic}, {offer}', '{topic}, {when}', '{offer}, {when}', '{offer}', '{topic} at {brand}', '{topic}', 'A treat from {brand}', 'Something good from our kitchen', 'A little treat for you'],
    subjects: ['{topic}, {offer} {when}', '{date}: {topic}, {offer}', '{topic}: {offer}', 'Don’t miss {topic} {when}', '{topic} {when}', '{offer} {when}', '{offer}, just for you', '{topic} at {brand}', 'Don’t miss {topic}', '{topic}, just for you', 'A treat from {brand}', 'Something good is coming out of our kitchen', 'A little treat for you', 'Something good is waiting for you'],
    preheaders: ['{offer}, {when}', '{when} at {brand}', '{offer} at {brand}', 'Come and see us at {location}', 'A little something from our kitchen', 'We saved you a seat'],
    facts: ['On the menu {when}: {topic}, {offer}.', 'Here’s the deal: {topic}, {offer}, {when}.', '{date}, it’s {topic}: {offer}.', 'Here’s the deal: {topic}, {offer}.', '{offer}, {when}.', 'Come in for {topic} {when}.', 'Come in for {topic}.', '{offer}: come in and enjoy it.', 'Come in and see what’s cooking.'],
    openers: GENERIC_OPENERS,
    buttons: ['Book a table', 'See the menu', 'Come and see us'],
  },
  event: {
    headings: ['{topic}, {when}', 'Join us for {topic}', 'You’re invited: {topic}', 'Save the date: {date}', 'Join us {when}', 'You’re invited', 'Come and join us', 'Save the date'],
    subjects: ['You’re invited: {topic} {when}', '{topic}, {when} {time}', '{topic}, {when}', 'Join us for {topic}', 'Save the date: {topic}', 'Save the date: {date}', 'You’re invited to {brand}', 'You’re invited', 'Save the date', 'Come and join us'],
    preheaders: ['{when} {time} at {brand}', '{when} at {location}', 'Save the date and bring a friend', 'We’d love to see you there'],
    facts: ['Join us {when} for {topic}.', 'We’re hosting {topic} {when}, and we’d love to see you there.', 'Save the date: {topic}, {date}.', 'Join us for {topic}.', 'Save the date: {date}.', 'We’d love to see you there.'],
    openers: {
      warm: ['We’re getting together and you’re invited.', 'Bring a friend: this one is better shared.', ...GENERIC_OPENERS.warm.slice(0, 1)],
      playful: ['Put your party shoes on.', 'Clear a space in your calendar for this one.', 'You, us, and a good time.'],
      refined: ['We would be honoured by your company.', 'It would be a pleasure to host you.', ...GENERIC_OPENERS.refined.slice(0, 1)],
    },
    buttons: ['Save my seat', 'Book a table', 'Count me in'],
  },
  new_menu: {
    headings: ['Our {menu} is here', 'Say hello to {topic}', 'Now on the menu: {topic}', '{topic}, {when}', 'Something {new} on the menu', 'Fresh from our kitchen', 'Straight from our kitchen'],
    subjects: ['Our {menu} is here', 'Now on the menu: {topic}', 'Say hello to {topic}', '{topic}, {when}', 'Something {new} is on the menu at {brand}', 'Fresh from our kitchen: {topic}', 'Fresh from our kitchen', 'Straight from our kitchen to your table'],
    preheaders: ['On our menu {when}', 'Come and try it at {brand}', '{offer}, {when}', 'Our kitchen has been busy'],
    facts: ['You’ll find {topic} on our menu {when}.', 'Say hello to {topic}, on our menu {when}.', 'Our kitchen has been busy: say hello to {topic}.', '{topic}: {offer}.', 'Come and taste what our kitchen has been working on.'],
    openers: {
      warm: ['Our kitchen has been busy.', 'We’ve been cooking up something for you.', ...GENERIC_OPENERS.warm.slice(1, 2)],
      playful: ['Our chefs have been up to something.', 'Hungry? Good.', ...GENERIC_OPENERS.playful.slice(0, 1)],
      refined: ['Our kitchen has been at work on something we are proud of.', ...GENERIC_OPENERS.refined.slice(0, 2)],
    },
    buttons: ['See the menu', 'Book a table', 'Come and taste it'],
  },
  holiday: {
    headings: ['{holiday} at {brand}', 'Celebrate {holiday} with us', '{topic} for {holiday}', '{holiday}: {topic}', '{holiday}, sorted', 'Celebrate with us', 'Let us do the cooking'],
    subjects: ['{holiday} at {brand}', 'Celebrate {holiday} with us', '{topic} for {holiday}', '{holiday}: {topic}, {offer}', 'Your {holiday} plans, sorted', 'Celebrate with us', 'Let us do the cooking'],
    preheaders: ['{topic}, {offer}', '{when} at {brand}', 'Let us do the cooking', 'Good food, good company'],
    facts: ['This {holiday}, let us do the cooking: {topic}, {offer}.', 'For {holiday}: {topic}, {when}.', 'This {holiday}, let us do the cooking: {topic}.', 'For {holiday}: {topic}.', 'This {holiday}, let us do the cooking.', 'Let us do the cooking.'],
    openers: {
      warm: ['Good food is better with the people you love.', 'We love this time of year.', ...GENERIC_OPENERS.warm.slice(2)],
      playful: ['It’s time to celebrate.', 'Let’s make it a good one.', ...GENERIC_OPENERS.playful.slice(1, 2)],
      refined: ['A celebration deserves a fine table.', ...GENERIC_OPENERS.refined.slice(0, 2)],
    },
    buttons: ['Book your table', 'Plan your visit', 'See the menu'],
  },
  loyalty: {
    headings: ['{topic}: {offer}', '{offer}, just for you', '{topic}, {when}', '{topic}', 'A thank-you from {brand}', 'Thank you for coming back', 'A little thank-you', 'This one’s for you'],
    subjects: ['{offer}, just for you', '{topic}: {offer}', '{topic}, {when}', 'A thank-you from {brand}', 'Thank you for coming back', 'Something for our regulars', 'A little thank-you from us', 'This one’s for you'],
    preheaders: ['{offer}, {when}', 'Because you keep coming back', 'A little thank-you from us'],
    facts: ['As a thank-you: {offer}, {when}.', 'As a thank-you: {offer}.', '{topic}: {offer}.', '{topic}, {when}.', '{topic}: here’s what’s in it for you.', 'Here’s a little thank-you from all of us.'],
    openers: {
      warm: ['Guests like you are the reason we love what we do.', 'Thank you for coming back to us, again and again.'],
      playful: ['You keep coming back, and we noticed.', 'Regulars get perks. That’s you.'],
      refined: ['We are grateful for your loyalty.', 'Thank you for making us part of your table.'],
    },
    buttons: ['Book your next visit', 'Come and see us'],
  },
  newsletter: {
    headings: ['News from {brand}', 'What’s happening at {brand}', 'News from our kitchen', 'The latest from our kitchen', 'What we’ve been up to'],
    subjects: ['News from {brand}', '{topic} and more from {brand}', 'What’s happening at {brand}', 'The latest from our kitchen', 'News from our kitchen', 'What we’ve been up to'],
    preheaders: ['{topic} and more', 'What we’ve been up to', 'The latest from our kitchen and our team'],
    facts: ['Here’s what’s been happening with us.', 'A few things worth knowing from our kitchen.'],
    openers: {
      warm: ['It’s been a busy time in our kitchen.', 'We wanted to catch up with you.'],
      playful: ['Pull up a chair and catch up with us.', 'Here’s the scoop.'],
      refined: ['We are pleased to share our latest news.', 'A few notes from our kitchen.'],
    },
    buttons: ['Visit our website', 'See what’s on'],
  },
  reopening: {
    headings: ['We’re back!', 'Our doors are open again', '{brand} is open again', 'We’re open again {when}', 'We’ve missed you', 'The wait is over'],
    subjects: ['We’re open again {when}', 'We’re back!', '{brand} is open again', 'Our doors are open again', 'We’ve missed you', 'The wait is over'],
    preheaders: ['Our doors open {when}', 'Come and see us at {location}', 'The kitchen is busy and the tables are set'],
    facts: ['Our doors open again {when}.', 'We’re open again, and we can’t wait to see you.', 'The wait is over: our doors are open again.'],
    openers: {
      warm: ['We’ve missed you.', 'The wait is over.'],
      playful: ['Guess who’s back?', 'Miss us? We missed you.'],
      refined: ['We are delighted to welcome you back.', 'Our tables are set once more.'],
    },
    buttons: ['Book a table', 'Plan your visit'],
  },
  feedback: {
    headings: ['How was your visit?', 'Tell us how we did', 'How did we do?', 'We’d love your feedback'],
    subjects: ['How was your visit?', 'How did we do?', 'Tell us how we did', 'We’d love your feedback', 'A minute of your time?'],
    preheaders: ['Your feedback helps us cook better', 'We read every word', 'A minute of your time helps us a lot'],
    facts: [
      'Whether everything was perfect or something could have been better, we’d love to hear it.',
      'We read every review, and they shape what we cook and how we look after you.',
      'Tell us what you loved, and what we could do better.',
    ],
    openers: {
      warm: ['Thank you for eating with us.', 'It was good to have you with us.'],
      playful: ['Thanks for coming by!', 'We hope you left happy (and full).'],
      refined: ['Thank you for dining with us.', 'It was a pleasure to have you at our table.'],
    },
    buttons: ['Tell us how we did', 'Share your feedback', 'Leave a review'],
  },
};

/** Opening hours and closures (holiday hours, "closed Monday"): a notice, not an invitation to celebrate. */
export const HOURS_NOTICE: OccasionPhrases = {
  headings: ['Our {holiday} {topic}', 'Our {holiday} opening hours', 'When we’re open over {holiday}', 'A change to our opening hours', 'Plan ahead: our opening hours'],
  subjects: ['Our {holiday} opening hours', 'Plan ahead: our {holiday} hours', 'A change to our opening hours', 'Plan ahead: our opening hours'],
  preheaders: ['When we’re open over {holiday}', 'So you’re never met by a locked door', 'Plan your next visit'],
  facts: ['So you’re never met by a locked door, here’s when we’re open over {holiday}.', 'A quick note so you’re never met by a locked door.', 'Please plan your visit around these changes.'],
  openers: {
    warm: ['A quick note before you plan your next visit.', 'We don’t want you to make the trip for nothing.'],
    playful: ['Heads up!', 'Quick one before you head over.'],
    refined: ['Please take note of the following changes.', 'A short note regarding our opening hours.'],
  },
  buttons: ['Plan your visit', 'Visit our website'],
};

export const SIGN_OFFS: Record<Tone, string[]> = {
  warm: ['See you soon,', 'Hope to see you soon,', 'With love from the kitchen,'],
  playful: ['See you there!', 'Catch you soon,', 'Come hungry!'],
  refined: ['We look forward to welcoming you,', 'With our warmest regards,', 'Until we see you again,'],
};

export const GREETINGS: Record<Tone, string[]> = {
  warm: ['Hi {{first_name|there}},', 'Hello {{first_name|there}},'],
  playful: ['Hey {{first_name|there}}!', 'Hi {{first_name|there}}!'],
  refined: ['Dear {{first_name|guest}},', 'Hello {{first_name|there}},'],
};

/** Where to find us, for occasions that bring people in. */
export const LOCATION_LINES = ['Find us at {location}.', 'You’ll find us at {location}.'];
