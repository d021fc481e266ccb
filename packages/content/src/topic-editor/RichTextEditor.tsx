import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { $isLinkNode, LinkNode, TOGGLE_LINK_COMMAND } from '@lexical/link';
import { INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, ListItemNode, ListNode } from '@lexical/list';
import { LexicalComposer } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import {
  $getRoot,
  $getSelection,
  $isDecoratorNode,
  $isElementNode,
  $isRangeSelection,
  $setSelection,
  FORMAT_TEXT_COMMAND,
  type BaseSelection,
  type EditorState,
  type LexicalEditor,
  type LexicalNode,
} from 'lexical';
import { useImeSafeEnter } from '@portal/ui';
import { InlineImageNode } from './InlineImageNode';
import { InlineImageTools, type InlineImageOptions } from './InlineImageTools';

export interface RichTextEditorProps {
  /** Id of the element labelling the editable area. */
  labelId: string;
  /** HTML to start from (an edited topic); read once, on mount. */
  initialHtml?: string;
  onChange: (html: string, text: string) => void;
  invalid?: boolean;
  /** Inline images: the toolbar button, paste and drop upload them. Absent, there are none. */
  images?: InlineImageOptions | undefined;
}

/** Only http(s) and mailto links; anything else (javascript:) is refused before the server sees it. */
export function safeUrl(raw: string): string | null {
  const value = raw.trim();
  if (/^mailto:/i.test(value)) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const isBlock = (n: LexicalNode) => ($isElementNode(n) || $isDecoratorNode(n)) && !n.isInline();

function loadHtml(editor: LexicalEditor, html: string) {
  const dom = new DOMParser().parseFromString(html, 'text/html');
  const nodes = $generateNodesFromDOM(editor, dom);
  const root = $getRoot();
  root.clear();
  root.append(...nodes.filter(isBlock));
  // Stray inline nodes (text, a line break, an image) cannot sit in the root: wrap them via select().insertNodes.
  const inline = nodes.filter((n) => !isBlock(n));
  if (inline.length > 0) root.selectEnd().insertNodes(inline);
}

function Toolbar({ images }: { images: InlineImageOptions | undefined }) {
  const { t } = useTranslation('topics');
  const [editor] = useLexicalComposerContext();
  // The selection the link applies to: focusing the URL box takes it away from the editor.
  const saved = useRef<BaseSelection | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [badUrl, setBadUrl] = useState(false);

  const startLink = () => {
    let inLink = false;
    editor.getEditorState().read(() => {
      const sel = $getSelection();
      saved.current = sel ? sel.clone() : null;
      if ($isRangeSelection(sel) && $isLinkNode(sel.anchor.getNode().getParent())) inLink = true;
    });
    if (inLink) editor.dispatchCommand(TOGGLE_LINK_COMMAND, null);
    else {
      setBadUrl(false);
      setUrl('');
    }
  };
  const applyLink = () => {
    const safe = safeUrl(url ?? '');
    if (safe === null) {
      setBadUrl(true);
      return;
    }
    editor.update(() => {
      if (saved.current) $setSelection(saved.current.clone());
    });
    editor.dispatchCommand(TOGGLE_LINK_COMMAND, safe);
    setUrl(null);
    editor.focus();
  };
  const onUrlKey = useImeSafeEnter(applyLink);
  const button = (label: string, onClick: () => void) => (
    <button type="button" className="ptop-editor__tool" onMouseDown={(e) => e.preventDefault()} onClick={onClick}>
      {label}
    </button>
  );
  return (
    <div className="ptop-editor__toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
      {button(t('editor.bold'), () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'bold'))}
      {button(t('editor.italic'), () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'italic'))}
      {button(t('editor.bullet_list'), () => editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined))}
      {button(t('editor.number_list'), () => editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined))}
      {button(t('editor.link'), startLink)}
      {images && <InlineImageTools {...images} />}
      {url !== null && (
        <span className="ptop-editor__link">
          <input
            className="pui-input"
            type="url"
            aria-label={t('editor.link_prompt')}
            aria-invalid={badUrl || undefined}
            value={url}
            autoFocus
            onChange={(e) => setUrl(e.target.value)}
            onKeyDown={onUrlKey}
          />
          {button(t('editor.link_apply'), applyLink)}
          {button(t('common.cancel'), () => setUrl(null))}
          {badUrl && (
            <span role="alert" className="pui-field__error">
              {t('editor.link_invalid')}
            </span>
          )}
        </span>
      )}
    </div>
  );
}

function ChangePlugin({ onChange }: { onChange: RichTextEditorProps['onChange'] }) {
  const [editor] = useLexicalComposerContext();
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(
    () =>
      editor.registerUpdateListener(
        ({
          editorState,
          dirtyElements,
          dirtyLeaves,
        }: {
          editorState: EditorState;
          dirtyElements: Map<string, boolean>;
          dirtyLeaves: Set<string>;
        }) => {
          if (dirtyElements.size === 0 && dirtyLeaves.size === 0) return;
          editorState.read(() => latest.current($generateHtmlFromNodes(editor, null), $getRoot().getTextContent()));
        },
      ),
    [editor],
  );
  return null;
}

/** The topic body: Lexical rich text with bold, italic, lists, links and inline images, exchanged as HTML. */
export function RichTextEditor({ labelId, initialHtml, onChange, invalid, images }: RichTextEditorProps) {
  const config = {
    namespace: 'topic',
    nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode, InlineImageNode],
    theme: {
      text: { bold: 'ptop-rt-bold', italic: 'ptop-rt-italic' },
      link: 'ptop-rt-link',
    },
    onError: (error: Error) => {
      throw error;
    },
    editorState: initialHtml ? (editor: LexicalEditor) => loadHtml(editor, initialHtml) : undefined,
  };
  return (
    <LexicalComposer initialConfig={config}>
      <div className={`ptop-editor__box${invalid ? ' ptop-editor__box--invalid' : ''}`}>
        <Toolbar images={images} />
        <RichTextPlugin
          contentEditable={
            <ContentEditable className="ptop-editor__content" aria-labelledby={labelId} aria-invalid={invalid || undefined} />
          }
          ErrorBoundary={LexicalErrorBoundary}
        />
        <HistoryPlugin />
        <ListPlugin />
        <LinkPlugin validateUrl={(url) => safeUrl(url) !== null} />
        <ChangePlugin onChange={onChange} />
      </div>
    </LexicalComposer>
  );
}
