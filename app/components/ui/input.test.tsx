import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Field, Input } from './input';

const render = (props: { required?: boolean; error?: string; hint?: string }) =>
  renderToStaticMarkup(
    <Field label="E-mail" {...props}>
      {(control) => <Input {...control} name="email" />}
    </Field>,
  );

describe('Field', () => {
  it('announces a required field (the asterisk is only for the eye)', () => {
    const html = render({ required: true });
    expect(html).toMatch(/<input[^>]*aria-required="true"/);
    expect(html).toContain('aria-hidden="true">*</span>');
    expect(render({})).not.toContain('aria-required');
  });

  it('ties the error, else the hint, to the control', () => {
    const invalid = render({ required: true, error: 'Please enter email', hint: 'We never share it' });
    const errorId = /<p id="([^"]+)"[^>]*role="alert">Please enter email<\/p>/.exec(invalid)?.[1];
    expect(errorId).toBeTruthy();
    expect(invalid).toMatch(new RegExp(`<input[^>]*aria-invalid="true"[^>]*aria-describedby="${errorId}"`));
    expect(invalid).not.toContain('We never share it');
    const hinted = render({ hint: 'We never share it' });
    expect(hinted).toMatch(/<input[^>]*aria-describedby="[^"]+-hint"/);
    expect(hinted).not.toContain('aria-invalid');
  });
});
