/**
 * The models of the documents open in the editor, one per (uri, version): every feature that asks about the same
 * version of a document gets the same model, so the document is read once however many features ask. Bounded: the
 * documents asked about least recently are forgotten first, and a closed document is forgotten at once. Pure.
 */

/** What the cache needs of a document; a TextDocument's uri is given as its string. */
export interface VersionedDocument {
  readonly uri: string;
  readonly version: number;
  getText(): string;
}

export class ModelCache<T> {
  /** By uri; a Map keeps its keys in insertion order, so the first one is the least recently asked about. */
  private readonly models = new Map<string, { readonly version: number; readonly model: T }>();

  constructor(
    private readonly maxEntries: number,
    private readonly make: (text: string) => T,
  ) {}

  get(document: VersionedDocument): T {
    const known = this.models.get(document.uri);
    this.models.delete(document.uri);
    const model = known?.version === document.version ? known.model : this.make(document.getText());
    this.models.set(document.uri, { version: document.version, model });
    if (this.models.size > this.maxEntries) {
      const oldest = this.models.keys().next();
      if (!oldest.done) this.models.delete(oldest.value);
    }
    return model;
  }

  forget(uri: string): void {
    this.models.delete(uri);
  }

  clear(): void {
    this.models.clear();
  }

  get size(): number {
    return this.models.size;
  }
}
