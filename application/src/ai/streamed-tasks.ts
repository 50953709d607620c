/**
 * Reading a JSON breakdown while it streams in: `{"tasks": [ {...}, {...`. Each task object is handed out
 * as soon as its closing brace arrives, so the draft fills step by step. Only the structure is tracked
 * here (strings, escapes, nesting); every object is still validated by the caller.
 */
export class StreamedTasks {
  private text = '';
  private scanned = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private arrayOpen = false;
  private objectStart = -1;

  /** Adds a chunk of the content; returns the task objects completed by it (parsed, not yet validated). */
  push(chunk: string): unknown[] {
    this.text += chunk;
    const completed: unknown[] = [];
    for (; this.scanned < this.text.length; this.scanned += 1) {
      const char = this.text[this.scanned];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (char === '\\') this.escaped = true;
        else if (char === '"') this.inString = false;
        continue;
      }
      if (char === '"') this.inString = true;
      else if (char === '[' && this.depth === 1 && !this.arrayOpen) this.arrayOpen = true;
      else if (char === '{' || char === '[') {
        if (char === '{' && this.arrayOpen && this.depth === 1) this.objectStart = this.scanned;
        this.depth += 1;
      } else if (char === '}' || char === ']') {
        if (char === ']' && this.arrayOpen && this.depth === 1) {
          this.arrayOpen = false;
          continue;
        }
        this.depth -= 1;
        if (char === '}' && this.arrayOpen && this.depth === 1 && this.objectStart >= 0) {
          try {
            completed.push(JSON.parse(this.text.slice(this.objectStart, this.scanned + 1)));
          } catch {
            // Not a whole object after all: the final validation will say so.
          }
          this.objectStart = -1;
        }
      }
    }
    return completed;
  }

  /** Everything received so far. */
  get content(): string {
    return this.text;
  }
}
