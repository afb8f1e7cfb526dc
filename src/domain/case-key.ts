// The one rule for "the same, whatever its case" (tags, breed names): Unicode-normalised, then lower-cased.
export const caseKey = (text: string): string => text.normalize('NFC').toLowerCase();
