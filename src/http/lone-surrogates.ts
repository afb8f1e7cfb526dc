// Finds a string that is not Unicode text in a parsed JSON value. A `\ud800` escape alone parses to a lone
// UTF-16 surrogate, which no database can store: it would be kept as U+FFFD, one character sent as another.

/** Where a lone surrogate is: the dotted path of its field ('' for the body itself), and the code unit. */
export interface LoneSurrogate {
  path: string;
  /** True when it is in a field's name rather than in its value. */
  inName: boolean;
  codeUnit: number;
}

// With the u flag a well-formed pair reads as one code point, so only a surrogate left alone matches.
const surrogate = /\p{Cs}/u;

const inText = (text: string) => surrogate.exec(text)?.[0].charCodeAt(0);

/** A value still to look at, with the way to it, kept as links so that a deep body costs no long paths. */
interface Place {
  value: unknown;
  name: string;
  parent: Place | undefined;
}

function pathOf(place: Place | undefined): string {
  const names: string[] = [];
  for (let p = place; p?.parent; p = p.parent) names.push(p.name);
  return names.reverse().join('.');
}

/**
 * A lone surrogate in `value`, names of fields included, or undefined when there is none. Walked with a list
 * rather than recursion: a body within the size limit can nest deeper than the call stack.
 */
export function findLoneSurrogate(value: unknown): LoneSurrogate | undefined {
  const pending: Place[] = [{ value, name: '', parent: undefined }];
  for (let place = pending.pop(); place; place = pending.pop()) {
    const item = place.value;
    if (typeof item === 'string') {
      const codeUnit = inText(item);
      if (codeUnit !== undefined) return { path: pathOf(place), inName: false, codeUnit };
    } else if (item && typeof item === 'object') {
      for (const [name, child] of Object.entries(item)) {
        const codeUnit = inText(name);
        if (codeUnit !== undefined) return { path: pathOf(place), inName: true, codeUnit };
        pending.push({ value: child, name, parent: place });
      }
    }
  }
  return undefined;
}
