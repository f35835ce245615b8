/**
 * Text made into exactly one line of the "Countersign" output, whatever it holds: a policy name, a note or an error
 * message from the service is a teammate's text, and a line break in it would forge a line of the log (a second
 * `[error]` line that Countersign never wrote), a carriage return would hide what came before it, and a bidi
 * control would show the line in another order than it was written. Line feeds and carriage returns become `\n`
 * and `\r`; every other control character, the line and paragraph separators and the bidi controls become
 * `\u{…}`, which ends in a brace so that an escape never runs into the hex digits that follow it. Tabs stay. Pure.
 */

// C0 controls but the tab, DEL and the C1 controls; ALM, LRM, RLM; LS, PS; the bidi embeddings, overrides and isolates.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this writes out
const UNSAFE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function escape(char: string): string {
  if (char === '\n') return '\\n';
  if (char === '\r') return '\\r';
  return `\\u{${char.charCodeAt(0).toString(16).padStart(4, '0')}}`;
}

/** The text as one line, its control and bidi characters written out. */
export function oneLine(text: string): string {
  return text.replace(UNSAFE, escape);
}
