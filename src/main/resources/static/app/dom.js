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

export function field(label, attributes) {
  const id = attributes.id || `f-${attributes.name}`;
  const input = h(attributes.multiline ? 'textarea' : 'input', { ...attributes, id, multiline: null });
  return [h('label', { for: id }, label), input];
}

/** Shows an API error in the form: the message, and each field's message beside the form. */
export function showError(box, error) {
  box.replaceChildren();
  box.hidden = false;
  box.append(h('p', {}, error.message));
  if (error.details?.length) box.append(h('ul', {}, error.details.map((d) => h('li', {}, `${d.field}: ${d.message}`))));
}

export function errorBox() {
  return h('div', { class: 'error', role: 'alert', hidden: true });
}

export function when(iso) {
  return new Date(iso).toLocaleString();
}
