// Turns in the order rows are read, so that an import creates them in the file's order, ids growing with the
// rows: a row sends its creation once the row before it has had its own answered (or has none to send),
// while everything else of a row (reading it, finding its photo files, uploading them, an edit of an
// existing pet) goes on alongside the others.

export interface Turn {
  /** Settles once every earlier row has passed its turn. */
  ready: Promise<void>;
  /** Lets the next row go; again, or for a row that creates nothing, it does no harm. */
  pass(): void;
}

/** Hands out turns: each `take` comes after every earlier one. */
export function creationTurns(): { take(): Turn } {
  let last: Promise<void> = Promise.resolve();
  return {
    take() {
      let pass!: () => void;
      const passed = new Promise<void>((resolve) => (pass = resolve));
      const turn = { ready: last, pass };
      last = passed;
      return turn;
    },
  };
}
