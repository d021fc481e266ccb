import type { ReactNode } from 'react';
import {
  DecoratorNode,
  type DOMConversionMap,
  type DOMConversionOutput,
  type DOMExportOutput,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type SerializedPartial,
  type Spread,
} from 'lexical';
import { useApiImageSrc } from '../kit/imageSrc';
import { isInlineImageSrc } from '../topics/inlineImages';

export type SerializedInlineImageNode = Spread<{ src: string; alt: string }, SerializedLexicalNode>;

/** The picture inside the editor: its API URL needs the token, so it shows from an object URL. */
function EditorImage({ src, alt }: { src: string; alt: string }) {
  const shown = useApiImageSrc(src);
  if (!shown) return <span className="ptop-editor__image-placeholder" role="img" aria-label={alt} />;
  return <img className="ptop-editor__image" src={shown} alt={alt} draggable={false} />;
}

function convertImg(dom: HTMLElement): DOMConversionOutput {
  const src = dom.getAttribute('src');
  // Only our uploaded images: the server drops any other source, so the editor never shows one.
  return { node: isInlineImageSrc(src) ? $createInlineImageNode(src, dom.getAttribute('alt') ?? '') : null };
}

/**
 * An uploaded inline image. Its HTML is `<img src="{API URL}">`, the internal URL the API keeps
 * (never the blob: URL it is displayed from), so the saved content is what the server accepts.
 */
export class InlineImageNode extends DecoratorNode<ReactNode> {
  __src: string;
  __alt: string;

  static override getType(): string {
    return 'inline-image';
  }

  static override clone(node: InlineImageNode): InlineImageNode {
    return new InlineImageNode(node.__src, node.__alt, node.__key);
  }

  static override importJSON(json: SerializedPartial<SerializedLexicalNode> & Record<string, unknown>): InlineImageNode {
    return $createInlineImageNode(typeof json.src === 'string' ? json.src : '', typeof json.alt === 'string' ? json.alt : '');
  }

  static override importDOM(): DOMConversionMap {
    return { img: () => ({ conversion: convertImg, priority: 0 }) };
  }

  constructor(src: string, alt = '', key?: NodeKey) {
    super(key);
    this.__src = src;
    this.__alt = alt;
  }

  override exportJSON(): SerializedInlineImageNode {
    return { ...super.exportJSON(), type: 'inline-image', src: this.__src, alt: this.__alt };
  }

  override exportDOM(): DOMExportOutput {
    const img = document.createElement('img');
    img.setAttribute('src', this.__src);
    if (this.__alt) img.setAttribute('alt', this.__alt);
    return { element: img };
  }

  override createDOM(): HTMLElement {
    const span = document.createElement('span');
    span.className = 'ptop-editor__image-box';
    return span;
  }

  override updateDOM(): boolean {
    return false;
  }

  override isInline(): boolean {
    return true;
  }

  getSrc(): string {
    return this.getLatest().__src;
  }

  override decorate(): ReactNode {
    return <EditorImage src={this.__src} alt={this.__alt} />;
  }
}

export function $createInlineImageNode(src: string, alt = ''): InlineImageNode {
  return new InlineImageNode(src, alt);
}

export function $isInlineImageNode(node: LexicalNode | null | undefined): node is InlineImageNode {
  return node instanceof InlineImageNode;
}
