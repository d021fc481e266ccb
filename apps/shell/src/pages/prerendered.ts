/**
 * The login forms arrive as static HTML (prerendered-markup.ts) and React replaces that markup
 * on its first render. A visitor may have typed meanwhile: the static fields are remembered here
 * before React starts, and each field of the React form takes its static twin's value and focus
 * when it mounts (`adoptPrerenderedField`), so nothing typed is lost and the caret stays put.
 */
interface Twin {
  value: string;
  focused: boolean;
  selection: [number | null, number | null];
}

const fields = new Map<string, HTMLInputElement>();
let focusedId: string | null = null;

/** Remembers the static fields in `container` (none when the page was not prerendered). */
export function watchPrerenderedFields(container: HTMLElement): void {
  for (const input of container.querySelectorAll<HTMLInputElement>('input[id]')) fields.set(input.id, input);
  if (fields.size === 0) return;
  // The visitor may be typing already: the page was usable before this script arrived.
  const active = document.activeElement;
  if (active instanceof HTMLInputElement && fields.get(active.id) === active) focusedId = active.id;
  // A removed element loses focus without a trace; which field had it must be known beforehand.
  container.addEventListener('focusin', (e) => {
    focusedId = e.target instanceof HTMLInputElement ? e.target.id : null;
  });
  // Focus moving to another element forgets it; a focusout without a next element may be the
  // removal itself (browsers differ), so it does not.
  container.addEventListener('focusout', (e) => {
    if (e.relatedTarget) focusedId = null;
  });
}

/** True while a prerendered page waits for React to take it over. */
export function hasPrerenderedFields(): boolean {
  return fields.size > 0;
}

function takeTwin(id: string): Twin | null {
  const input = fields.get(id);
  if (!input) return null;
  fields.delete(id);
  let selection: Twin['selection'] = [null, null];
  try {
    selection = [input.selectionStart, input.selectionEnd];
  } catch {
    // email fields have no selection API
  }
  return { value: input.value, focused: focusedId === id, selection };
}

/** Called by a form field on mount: continues where its static twin left off. */
export function adoptPrerenderedField(input: HTMLInputElement | null): void {
  if (!input?.id) return;
  const twin = takeTwin(input.id);
  if (!twin) return;
  if (twin.value && !input.value) input.value = twin.value;
  if (!twin.focused) return;
  input.focus();
  const [start, end] = twin.selection;
  if (start !== null && end !== null) {
    try {
      input.setSelectionRange(start, end);
    } catch {
      // as above
    }
  }
}
