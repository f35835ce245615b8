/**
 * Brings a part of the page's document in line with a tree of plain nodes (reviewView.ts) in place: an element
 * that is still there stays the same element (so it keeps keyboard focus, the selection in it and the scroll
 * position of the page), a text that did not change is not touched, and only what changed is written. Text is
 * only ever written as text (`createTextNode`, `nodeValue`), never parsed as markup.
 */
import type { ViewElement, ViewNode } from '../reviewView';

const KEY = 'data-key';

function keyOf(node: ChildNode): string | undefined {
  return node instanceof Element ? (node.getAttribute(KEY) ?? undefined) : undefined;
}

/** Whether `node` can become `wanted` in place: text for text, the same tag and key for an element. */
function fits(node: ChildNode, wanted: ViewNode): boolean {
  if (typeof wanted === 'string') return node.nodeType === Node.TEXT_NODE;
  return node instanceof Element && node.localName === wanted.tag && keyOf(node) === wanted.key;
}

function create(wanted: ViewNode): ChildNode {
  if (typeof wanted === 'string') return document.createTextNode(wanted);
  const element = document.createElement(wanted.tag);
  if (wanted.key !== undefined) element.setAttribute(KEY, wanted.key);
  for (const [name, value] of Object.entries(wanted.attrs)) element.setAttribute(name, value);
  for (const child of wanted.children) element.appendChild(create(child));
  return element;
}

/** Attributes the reader sets by hand and a new view keeps: a `<details>` they opened stays open. */
const READER_OWNED: Readonly<Record<string, string>> = { details: 'open' };

function update(element: Element, wanted: ViewElement): void {
  for (const { name } of [...element.attributes]) {
    if (name === KEY || Object.hasOwn(wanted.attrs, name) || READER_OWNED[element.localName] === name) continue;
    element.removeAttribute(name);
  }
  for (const [name, value] of Object.entries(wanted.attrs)) {
    if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  }
  patchChildren(element, wanted.children);
}

/**
 * The children of `parent` made `wanted`. A keyed element found further on is reached by removing the siblings
 * before it (they are gone from the tree), never by moving it: a moved element would lose focus.
 */
export function patchChildren(parent: Element, wanted: readonly ViewNode[]): void {
  let current = parent.firstChild;
  for (const node of wanted) {
    let match: ChildNode | null = null;
    if (current && fits(current, node)) match = current;
    else if (typeof node !== 'string' && node.key !== undefined) {
      for (let later = current?.nextSibling ?? null; later; later = later.nextSibling) {
        if (fits(later, node)) {
          match = later;
          break;
        }
      }
      while (match && current && current !== match) {
        const gone: ChildNode = current;
        current = current.nextSibling;
        gone.remove();
      }
    }
    if (match) {
      if (typeof node === 'string') {
        if (match.nodeValue !== node) match.nodeValue = node;
      } else update(match as Element, node);
      current = match.nextSibling;
    } else {
      parent.insertBefore(create(node), current);
    }
  }
  while (current) {
    const gone: ChildNode = current;
    current = current.nextSibling;
    gone.remove();
  }
}
