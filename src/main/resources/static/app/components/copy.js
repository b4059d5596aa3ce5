// A "Copy" button for a value shown once (an app's secret): the clipboard when the browser allows it, else the text
// is selected so that the person can copy it themselves.
import { h } from '../dom.js';

export function copyButton(target, label) {
  const said = h('span', { class: 'status', role: 'status' });
  const button = h('button', { type: 'button', class: 'secondary small', onclick: async () => {
    try {
      await navigator.clipboard.writeText(target.textContent);
      said.textContent = 'Copied.';
    } catch {
      getSelection().selectAllChildren(target);
      said.textContent = 'Selected: press Ctrl+C (or ⌘C) to copy.';
    }
  } }, label);
  return h('span', { class: 'actions' }, button, said);
}
