/**
 * The built-ins the frame guard calls, taken when the guard starts, before any app code can redefine
 * them: methods, getters and setters of the DOM, and the string, regular expression and collection
 * methods. The guard calls them only through `apply` and `call`, never as `x.method()`.
 */

/** A getter taken off a prototype, called on an object of that prototype. */
export type Getter<T> = (this: unknown) => T

export const apply = Reflect.apply
export const defineProperty = Object.defineProperty
export const getDescriptor = Object.getOwnPropertyDescriptor

/** The getter of `proto[name]`, or undefined when the engine has no such accessor. */
export function getter<T>(proto: object | undefined | null, name: string): Getter<T> | undefined {
  const descriptor = proto && getDescriptor(proto, name)
  return descriptor ? (descriptor.get as Getter<T> | undefined) : undefined
}

/** Calls a captured getter (or method without arguments) on `self`. */
export function call<T>(fn: Getter<T>, self: unknown): T {
  return apply(fn, self, [])
}

export const getAttribute = Element.prototype.getAttribute
export const setAttribute = Element.prototype.setAttribute
export const querySelectorAll = Element.prototype.querySelectorAll
export const fragmentQuery = DocumentFragment.prototype.querySelectorAll
export const documentQuery = Document.prototype.querySelectorAll
export const replaceDocument = Document.prototype.replaceChildren
export const createElementNS = Document.prototype.createElementNS
export const isConnected = getter<boolean>(Node.prototype, 'isConnected')!
export const nodeTypeOf = getter<number>(Node.prototype, 'nodeType')!
export const parentOf = getter<Node | null>(Node.prototype, 'parentNode')!
export const localNameOf = getter<string>(Element.prototype, 'localName')!
export const namespaceOf = getter<string | null>(Element.prototype, 'namespaceURI')!
export const shadowOf = getter<ShadowRoot | null>(Element.prototype, 'shadowRoot')!
export const hostOf = getter<Element>(ShadowRoot.prototype, 'host')!
export const contentOf = getter<DocumentFragment>(HTMLTemplateElement.prototype, 'content')!
export const listLength = getter<number>(NodeList.prototype, 'length')!
export const rangeContainer = getter<Node>(Range.prototype, 'commonAncestorContainer')!
export const recordType = getter<MutationRecordType>(MutationRecord.prototype, 'type')!
export const recordTarget = getter<Node>(MutationRecord.prototype, 'target')!
export const recordAdded = getter<NodeList>(MutationRecord.prototype, 'addedNodes')!
export const attrName = getter<string>(Attr.prototype, 'localName')!
export const attrNamespace = getter<string | null>(Attr.prototype, 'namespaceURI')!
export const attrOwner = getter<Element | null>(Attr.prototype, 'ownerElement')!
export const attrValue = getter<string>(Attr.prototype, 'value')!
export const currentScriptOf = getter<HTMLOrSVGScriptElement | null>(Document.prototype, 'currentScript')!
export const innerHTMLOf = getDescriptor(Element.prototype, 'innerHTML')!.set!
export const setAttrValue = getDescriptor(Attr.prototype, 'value')!.set!
export const Observer = MutationObserver
export const observeWith = MutationObserver.prototype.observe
export const toStr = String
export const indexOf = String.prototype.indexOf
export const slice = String.prototype.slice
export const toLower = String.prototype.toLowerCase
export const charCodeAt = String.prototype.charCodeAt
export const exec = RegExp.prototype.exec
export const mapGet = WeakMap.prototype.get
export const mapSet = WeakMap.prototype.set
export const setHas = WeakSet.prototype.has
export const setAdd = WeakSet.prototype.add
export const listRemove = DOMTokenList.prototype.remove
export const listContains = DOMTokenList.prototype.contains
export const nativeWrite = Document.prototype.write
export const iterator = Symbol.iterator

export const HTML = 'http://www.w3.org/1999/xhtml'

/** Whether `pattern` matches `text`, from the start of `text` whatever the pattern's flags. */
export function test(pattern: RegExp, text: string): boolean {
  pattern.lastIndex = 0
  return apply(exec, pattern, [text]) !== null
}

/** Lower-cased, through the captured method. */
export function lower(text: string): string {
  return apply(toLower, text, [])
}
