import { ref } from '../../../sim/model/text.ts';
import { notFound, type Reader, startFor } from './found.ts';

/** Verbs that need someone: when nobody of that name exists, the card says so. */
const PERSON_VERBS = ['tell', 'give', 'insult', 'steal', 'learn'];

/**
 * Someone addressed by a name nobody has ("tell Bob about the job"): a capitalised word right after a
 * verb that needs a person. Chinese has no capitals and no spaces, so there only names found count.
 */
export const nobody: Reader = (s) => {
  if (s.person) return null;
  for (const key of PERSON_VERBS) {
    const at = s.at(key);
    const name = at && /^\s+(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)*)/u.exec(s.input.text.slice(at.at + at.len))?.[1];
    if (name) return notFound(startFor.person(s), 'person', { what: name });
  }
  return null;
};

/**
 * After every reader found nothing to do: a verb whose object is not in this world (a place, a thing
 * to make, a person) gets a clear "not found", not words muttered to oneself.
 */
export const missing: Reader = (s) => {
  if (s.has('move') && !s.place) {
    const what = s.objectOf('move');
    if (what) return notFound(startFor.place(s), 'place', { what });
  }
  if (s.has('create')) {
    const what = s.objectOf('create');
    const options = [...s.cat.templates.values()].filter((t) => s.cat.words.kind(t.kind)?.made !== false).map((t) => ref('template', t.id));
    if (what && options.length) return notFound(startFor.make(s, options[0].id), 'template', { what }, { options });
  }
  return null;
};
