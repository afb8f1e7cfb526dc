// The little of a logger the limiter needs; the server passes its pino logger, the CLI a silent one.

export interface LimiterLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export const silentLog: LimiterLog = { info() {}, warn() {}, error() {} };
