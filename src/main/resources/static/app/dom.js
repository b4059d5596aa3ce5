// A tiny element builder: h('p', {class: 'x'}, 'text', child). Text is always a text node, never HTML.
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value == null) continue;
    if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children.flat()) {
    if (child == null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/**
 * A labelled input (or textarea with multiline: true): [label, input, hint, error]. The hint (the field's rules, shown
 * before anything is sent) and the error (filled by showError) are tied to the input with aria-describedby.
 */
export function field(label, { hint, multiline, ...attributes }) {
  const id = attributes.id || `f-${attributes.name}`;
  const hintElement = hint ? h('p', { class: 'hint', id: `${id}-hint` }, hint) : null;
  const input = h(multiline ? 'textarea' : 'input', { ...attributes, id, 'aria-describedby': hint ? `${id}-hint` : null });
  const error = h('p', { class: 'field-error', id: `${id}-error`, hidden: true });
  return [h('label', { for: id }, label), input, hintElement, error];
}

const plainWords = [
  [/^size must be between (\d+) and (\d+)$/, (m, value) => (value.length < Number(m[1])
    ? (Number(m[1]) === 1 ? 'This cannot be empty' : `Use at least ${m[1]} characters`) : `Use at most ${m[2]} characters`)],
  [/^must not be (blank|null|empty)$/, () => 'This cannot be empty'],
  [/^must match /, () => 'This is not in the expected form'],
];

/** The API's message for a field in plain words; the API's own message when there is no better one. */
export function plainMessage(detail, value = '') {
  for (const [pattern, say] of plainWords) {
    const match = detail.message?.match(pattern);
    if (match) return say(match, value);
  }
  return detail.message ? detail.message.charAt(0).toUpperCase() + detail.message.slice(1) : 'This is not valid';
}

/** Clears the field errors that showError put into a form. */
export function clearFieldErrors(form) {
  if (!form) return;
  for (const error of form.querySelectorAll('.field-error')) { error.hidden = true; error.textContent = ''; }
  for (const input of form.querySelectorAll('[aria-invalid]')) {
    input.removeAttribute('aria-invalid');
    const hint = document.getElementById(`${input.id}-hint`);
    if (hint) input.setAttribute('aria-describedby', hint.id); else input.removeAttribute('aria-describedby');
  }
}

/**
 * Shows an API error: each detail whose field names an input of the form under that input (aria-invalid,
 * aria-describedby), the rest and the overall message in the box (role=alert).
 */
export function showError(box, error, form) {
  clearFieldErrors(form);
  box.replaceChildren();
  box.hidden = false;
  const rest = [];
  let placed = 0;
  for (const detail of error.details || []) {
    const input = form?.elements.namedItem(detail.field);
    const message = document.getElementById(`${input?.id}-error`);
    if (input && message && input.type !== 'hidden') {
      const text = plainMessage(detail, input.value || '');
      message.textContent = message.textContent ? `${message.textContent}. ${text}` : text;
      message.hidden = false;
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', [document.getElementById(`${input.id}-hint`)?.id, message.id].filter(Boolean).join(' '));
      if (!placed++) input.focus();
    } else {
      rest.push(detail);
    }
  }
  box.append(h('p', {}, placed ? 'Please correct the fields marked below.' : error.message));
  if (rest.length) box.append(h('ul', {}, rest.map((d) => h('li', {}, `${d.field}: ${plainMessage(d)}`))));
}

export function errorBox() {
  return h('div', { class: 'error', role: 'alert', hidden: true });
}
