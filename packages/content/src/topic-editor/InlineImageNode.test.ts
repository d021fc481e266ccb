import { describe, expect, it } from 'vitest';
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { $createParagraphNode, $createTextNode, $getRoot, createEditor, type ElementNode } from 'lexical';
import { inlineImageUrl } from '@portal/api-client';
import { $createInlineImageNode, $isInlineImageNode, InlineImageNode } from './InlineImageNode';

function editorWith(html: string) {
  const editor = createEditor({
    nodes: [InlineImageNode],
    onError: (e) => {
      throw e;
    },
  });
  editor.update(
    () => {
      const nodes = $generateNodesFromDOM(editor, new DOMParser().parseFromString(html, 'text/html'));
      $getRoot()
        .clear()
        .append(...nodes);
    },
    { discrete: true },
  );
  return editor;
}
const htmlOf = (editor: ReturnType<typeof createEditor>) => editor.getEditorState().read(() => $generateHtmlFromNodes(editor, null));

describe('InlineImageNode', () => {
  it('imports our images from HTML and exports them with the internal URL', () => {
    const editor = editorWith(`<p>前<img src="${inlineImageUrl(3)}" alt="図">後</p>`);
    const images = editor
      .getEditorState()
      .read(() => $getRoot().getFirstChildOrThrow<ElementNode>().getChildren().filter($isInlineImageNode));
    expect(images.map((n) => n.__src)).toEqual([inlineImageUrl(3)]);
    const html = htmlOf(editor);
    expect(html).toContain(`<img src="${inlineImageUrl(3)}" alt="図">`);
    expect(html).not.toContain('blob:');
  });

  it('drops images from anywhere else (pasted HTML)', () => {
    const editor = editorWith('<p>a<img src="https://evil.example/x.png">b<img src="data:image/png;base64,AAAA"></p>');
    const html = htmlOf(editor);
    expect(html).not.toContain('<img');
    expect(html).toContain('a');
  });

  it('round-trips through JSON (copy and paste inside the editor)', () => {
    const editor = createEditor({
      nodes: [InlineImageNode],
      onError: (e) => {
        throw e;
      },
    });
    editor.update(
      () => {
        $getRoot().append($createParagraphNode().append($createTextNode('x'), $createInlineImageNode(inlineImageUrl(5), 'five')));
      },
      { discrete: true },
    );
    const json = JSON.stringify(editor.getEditorState().toJSON());
    const copy = createEditor({
      nodes: [InlineImageNode],
      onError: (e) => {
        throw e;
      },
    });
    copy.setEditorState(copy.parseEditorState(json));
    const found = copy.getEditorState().read(() => $getRoot().getFirstChildOrThrow<ElementNode>().getChildren().find($isInlineImageNode));
    expect(found?.__src).toBe(inlineImageUrl(5));
    expect(found?.__alt).toBe('five');
  });
});
