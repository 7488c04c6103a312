/**
 * A progress bar on stderr when it is a terminal (nothing otherwise). Lines written through `log`
 * clear the bar first and redraw it after, so the feed and the bar do not tear each other.
 */
export class Progress {
  private readonly tty = Boolean(process.stderr.isTTY);
  private shown = false;
  private line = '';

  constructor(
    private readonly total: number,
    private readonly label: (done: number, total: number, rate: string) => string,
  ) {}

  update(done: number, rate: string): void {
    if (!this.tty) return;
    const width = Math.max(10, Math.min(40, (process.stderr.columns ?? 80) - 50));
    const filled = Math.round((done / Math.max(1, this.total)) * width);
    this.line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${this.label(done, this.total, rate)}`;
    process.stderr.write(`\r\x1b[2K${this.line}`);
    this.shown = true;
  }

  log(text: string): void {
    if (this.shown) process.stderr.write('\r\x1b[2K');
    process.stdout.write(text + '\n');
    if (this.shown) process.stderr.write(this.line);
  }

  done(): void {
    if (this.shown) process.stderr.write('\r\x1b[2K');
    this.shown = false;
  }
}
