import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import {
  $createParagraphNode,
  $getRoot,
  $getSelection,
  $isRangeSelection,
  COMMAND_PRIORITY_HIGH,
  DRAGOVER_COMMAND,
  DROP_COMMAND,
  PASTE_COMMAND,
  type LexicalEditor,
} from 'lexical';
import { translateError } from '@portal/i18n';
import { useErrorStrings } from '@portal/ui/kit';
import type { TopicScope } from '../topics/scope';
import { $createInlineImageNode } from './InlineImageNode';
import { checkImage, imageProblemOf, uploadInlineImage, type ImageProblem } from './inlineUpload';

export interface InlineImageOptions {
  scope: TopicScope;
  /** Largest image in MB (see inlineImageMaxMb). */
  maxMb: number;
  /** Told of every uploaded src, so a save can report the ones taken out again. */
  onUploaded: (src: string) => void;
  /** How many images are still uploading: the form holds its submit until they are in the text. */
  onPendingChange?: (count: number) => void;
}

function insertImage(editor: LexicalEditor, src: string, alt: string) {
  editor.update(() => {
    const node = $createInlineImageNode(src, alt);
    let selection = $getSelection();
    if (!$isRangeSelection(selection)) {
      // Never focused (the toolbar button first): the image goes at the end.
      const root = $getRoot();
      if (root.getChildrenSize() === 0) root.append($createParagraphNode());
      root.selectEnd();
      selection = $getSelection();
    }
    if ($isRangeSelection(selection)) selection.insertNodes([node]);
  });
}

const imageFiles = (list: FileList | null | undefined) => [...(list ?? [])].filter((f) => f.type.startsWith('image/'));

/**
 * The toolbar's image button, plus pasting or dropping image files into the text: each image is
 * checked, uploaded through upload-file-by-tiny and inserted where the caret is.
 */
export function InlineImageTools({ scope, maxMb, onUploaded, onPendingChange }: InlineImageOptions) {
  const { t } = useTranslation('topics');
  // A failed upload's reason: the generic message until the `errors` strings are in, then its own.
  const { t: te } = useErrorStrings();
  const [editor] = useLexicalComposerContext();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(0);
  const [problems, setProblems] = useState<ImageProblem[]>([]);
  const reportPending = useRef(onPendingChange);
  reportPending.current = onPendingChange;
  useEffect(() => reportPending.current?.(pending), [pending]);
  const latest = useRef({ scope, maxMb, onUploaded });
  latest.current = { scope, maxMb, onUploaded };

  const upload = useRef(async (files: File[]) => {
    const { scope: s, maxMb: max, onUploaded: told } = latest.current;
    const found: ImageProblem[] = [];
    const ok = files.filter((f) => {
      const problem = checkImage(f, max);
      if (problem) found.push(problem);
      return !problem;
    });
    setProblems(found);
    setPending((n) => n + ok.length);
    // One at a time, so the images land in the order they were picked.
    for (const file of ok) {
      try {
        const src = await uploadInlineImage(s, file);
        told(src);
        insertImage(editor, src, file.name);
      } catch (err) {
        setProblems((old) => [...old, imageProblemOf(err, file, max)]);
      } finally {
        setPending((n) => n - 1);
      }
    }
  });

  useEffect(() => {
    const onFiles = (event: Event, files: File[]) => {
      if (files.length === 0) return false;
      event.preventDefault();
      void upload.current(files);
      return true;
    };
    const unregister = [
      editor.registerCommand(
        PASTE_COMMAND,
        (event) => onFiles(event, imageFiles('clipboardData' in event ? event.clipboardData?.files : null)),
        COMMAND_PRIORITY_HIGH,
      ),
      // Without this the browser opens a dropped file instead of dropping it here.
      editor.registerCommand(
        DRAGOVER_COMMAND,
        (event) => {
          if (![...(event.dataTransfer?.items ?? [])].some((i) => i.kind === 'file')) return false;
          event.preventDefault();
          return true;
        },
        COMMAND_PRIORITY_HIGH,
      ),
      editor.registerCommand(DROP_COMMAND, (event) => onFiles(event, imageFiles(event.dataTransfer?.files)), COMMAND_PRIORITY_HIGH),
    ];
    return () => unregister.forEach((off) => off());
  }, [editor]);

  const message = (p: ImageProblem) =>
    t(p.key, p.key === 'editor.image_failed' ? { ...p.values, reason: translateError(te, p.values.code as string | null) } : p.values);

  return (
    <>
      <button type="button" className="ptop-editor__tool" onMouseDown={(e) => e.preventDefault()} onClick={() => input.current?.click()}>
        {t('editor.image')}
      </button>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        multiple
        hidden
        aria-label={t('editor.image_pick')}
        onChange={(e) => {
          void upload.current([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      {pending > 0 && (
        <span role="status" className="ptop-muted">
          {t('editor.image_uploading')}
        </span>
      )}
      {problems.map((p, i) => (
        <span key={i} role="alert" className="pui-field__error ptop-editor__image-error">
          {message(p)}
        </span>
      ))}
    </>
  );
}
