import { describe, expect, it } from 'vitest';
import { classifyInbound, normalizeReply, type InboundIntent } from '../../server/features/text/inbound-keywords.ts';

const CASES: Array<[string, InboundIntent]> = [
  // Carrier keywords, in any case, with punctuation or emoji around them
  ['STOP', 'opt_out'],
  ['stop', 'opt_out'],
  ['Stop.', 'opt_out'],
  ['  STOP!!! ', 'opt_out'],
  ['STOP 🛑', 'opt_out'],
  ['STOPALL', 'opt_out'],
  ['Stop all', 'opt_out'],
  ['UNSUBSCRIBE', 'opt_out'],
  ['Cancel', 'opt_out'],
  ['END', 'opt_out'],
  ['quit', 'opt_out'],
  ['Quit it', 'opt_out'],
  ['OPT OUT', 'opt_out'],
  ['optout', 'opt_out'],
  ['REVOKE', 'opt_out'],
  ['STOP STOP STOP', 'opt_out'],
  ['ok stop', 'opt_out'],
  ['Just stop', 'opt_out'],
  // Plain language
  ['please stop texting me', 'opt_out'],
  ['Stop sending me these', 'opt_out'],
  ['Please stop messaging this number, thank you', 'opt_out'],
  ['take me off', 'opt_out'],
  ['Take me off your list please', 'opt_out'],
  ['Remove me from your list', 'opt_out'],
  ['Opt me out', 'opt_out'],
  ['How do I unsubscribe from these?', 'opt_out'],
  ['Delete my number', 'opt_out'],
  ["Don't text me anymore", 'opt_out'],
  ['Do not contact me again', 'opt_out'],
  ['No more texts please', 'opt_out'],
  ['wrong number', 'opt_out'],
  ["I'm not Maria, wrong number", 'opt_out'],
  ['Leave me alone', 'opt_out'],
  ['Not interested', 'opt_out'],
  ['stop spamming me', 'opt_out'],
  // Spanish
  ['Para', 'opt_out'],
  ['PARA por favor', 'opt_out'],
  ['Alto', 'opt_out'],
  ['Baja', 'opt_out'],
  ['Basta ya', 'opt_out'],
  ['No más', 'opt_out'],
  ['No más mensajes', 'opt_out'],
  ['Ya no me manden mensajes', 'opt_out'],
  ['No me envíen más mensajes por favor', 'opt_out'],
  ['Quiero darme de baja', 'opt_out'],
  ['Dejen de mandarme', 'opt_out'],
  ['Número equivocado', 'opt_out'],
  ['Quítenme de la lista', 'opt_out'],
  ['No quiero recibir más mensajes', 'opt_out'],
  // Opt back in
  ['START', 'opt_in'],
  ['Start again please', 'opt_in'],
  ['UNSTOP', 'opt_in'],
  ['yes', 'opt_in'],
  ['YES!', 'opt_in'],
  // Help
  ['HELP', 'help'],
  ['help?', 'help'],
  ['INFO', 'help'],
  ['Ayuda', 'help'],
  // Ordinary replies that must not change consent
  ["I can't stop thinking about those tacos", 'none'],
  ['See you at the end of the week', 'none'],
  ["Don't stop sending the deals!", 'none'],
  ['Can I cancel my reservation for tonight?', 'none'],
  ["I'd like to cancel my order", 'none'],
  ['I will stop by later', 'none'],
  ['Stop by tomorrow?', 'none'],
  ['The end of happy hour is at 7?', 'none'],
  ['I quit my job lol, celebrating tonight', 'none'],
  ['What time does happy hour start?', 'none'],
  ['Yes we will be there at 7', 'none'],
  ['I need help with my order', 'none'],
  ['More info on the event?', 'none'],
  ['Una mesa para dos a las 8', 'none'],
  ['¿Para cuándo es la promo?', 'none'],
  ['Es muy alto el precio', 'none'],
  ['La baja de precios es hasta el viernes?', 'none'],
  ['Can you remove my allergy note from the order?', 'none'],
  ['Who is this?', 'none'],
  ['Thanks!', 'none'],
  ['😍😍😍', 'none'],
  ['', 'none'],
];

describe('classifyInbound', () => {
  it(`has a broad table (${CASES.length} replies)`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(CASES)('%j → %s', (body, intent) => {
    expect(classifyInbound(body).intent).toBe(intent);
  });

  it('keeps the words that decided it, as proof for the consent history', () => {
    expect(classifyInbound('Please stop texting me')).toEqual({ intent: 'opt_out', matched: 'stop' });
    expect(classifyInbound('I’m not Maria, wrong number')).toEqual({ intent: 'opt_out', matched: 'wrong number' });
    expect(classifyInbound('Ya no me manden mensajes')).toEqual({ intent: 'opt_out', matched: 'ya no me manden mensajes' });
    expect(classifyInbound('See you soon')).toEqual({ intent: 'none', matched: null });
  });

  it('trusts Twilio’s OptOutType when Advanced Opt-Out sends one', () => {
    expect(classifyInbound('arrêtez', 'STOP')).toEqual({ intent: 'opt_out', matched: 'arrêtez' });
    expect(classifyInbound('go', 'START').intent).toBe('opt_in');
    expect(classifyInbound('?', 'HELP').intent).toBe('help');
    expect(classifyInbound('Stop', null).intent).toBe('opt_out');
  });

  it('normalises case, accents, curly apostrophes and punctuation', () => {
    expect(normalizeReply('  ¡NO MÁS mensajes!! ')).toBe('no mas mensajes');
    expect(normalizeReply('Don’t   text…me')).toBe("don't text me");
  });
});
