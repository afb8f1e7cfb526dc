// What every listener's logger masks: the headers that may carry a key (Authorization, and cookies as a
// precaution), wherever a log line puts them. Paths and messages are masked separately (redactKeys), since
// a key pasted into a URL is text, not a field.
export const logRedactions = [
  'req.headers.authorization',
  'request.headers.authorization',
  'headers.authorization',
  'req.headers.cookie',
  'request.headers.cookie',
  'headers.cookie',
];
