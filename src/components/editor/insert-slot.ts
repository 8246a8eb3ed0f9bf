import { useRef } from 'react';

/** `value` with `{key}` over the selection from `start` to `end` (the end of the text unless given), and the caret just after it. */
export function insertSlot(
  value: string,
  key: string,
  start = value.length,
  end = start,
): { value: string; caret: number } {
  const token = `{${key}}`;
  return { value: value.slice(0, start) + token + value.slice(end), caret: start + token.length };
}

/**
 * Puts `{key}` slots into a prompt textarea (template and skill editors): at the caret once the
 * person has put it somewhere, at the end of the prompt before that. Give `bind` to the textarea's
 * ref and call `placed` from its change, key-up and pointer-up handlers.
 */
export function useSlotInsertion(read: () => string, write: (value: string) => void) {
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const caretPlaced = useRef(false);
  return {
    bind: (el: HTMLTextAreaElement | null) => {
      textarea.current = el;
    },
    placed: () => {
      caretPlaced.current = true;
    },
    insert: (key: string) => {
      const el = textarea.current;
      if (!el || key === '') return;
      const value = read();
      const next = caretPlaced.current
        ? insertSlot(value, key, el.selectionStart, el.selectionEnd)
        : insertSlot(value, key);
      write(next.value);
      caretPlaced.current = true;
      requestAnimationFrame(() => {
        el.focus();
        el.setSelectionRange(next.caret, next.caret);
      });
    },
  };
}
