// The settings form refuses bad values at the field and leaves the rest of
// the form alone.
import { byId, clickButton, fieldValue, readStatus, setField, sleep, waitForReady } from './app.mjs';
import { expect, expectEqual } from './expect.mjs';

/** A field's error text and aria-invalid flag. */
async function readFieldError(page, path) {
  const error = page.locator(byId(`${path}-error`));
  expect((await error.count()) === 1, `#${path}-error is missing`);
  return {
    message: ((await error.textContent()) ?? '').trim(),
    invalid: await page.locator(byId(path)).getAttribute('aria-invalid'),
  };
}

/** Type `value` into `path` and fail unless the field refuses it. */
async function expectRefused(page, path, value) {
  await setField(page, path, value);
  const { message, invalid } = await readFieldError(page, path);
  expect(message !== '', `"${value}" in ${path}: no error message shown`);
  expectEqual(invalid, 'true', `aria-invalid of ${path} holding "${value}"`);
  return message;
}

/** Test 5: out-of-range and non-numeric values are refused at their field; a decimal comma is not. */
async function invalidValuesRefused({ page }) {
  const labeledBefore = await fieldValue(page, 'split.n_labeled');
  expectEqual(labeledBefore, '300', 'default split.n_labeled');

  const rhoMessage = await expectRefused(page, 'split.rho', '1.5');
  expect(/0\.95/.test(rhoMessage), `split.rho error should state the range (max 0.95): "${rhoMessage}"`);
  const separated = await expectRefused(page, 'optim.epochs', '1,000');
  expect(/without separators/.test(separated), `a thousands separator in a whole number: "${separated}"`);
  await expectRefused(page, 'optim.epochs', 'abc');

  expectEqual(await fieldValue(page, 'split.n_labeled'), '300', 'split.n_labeled after refused values');
  expectEqual(await fieldValue(page, 'split.rho'), '1.5', 'split.rho keeps what was typed');

  // A decimal comma, as many keyboards type it, is read as the point.
  await setField(page, 'split.rho', '0,3');
  const fixed = await readFieldError(page, 'split.rho');
  expectEqual(fixed.message, '', 'split.rho error after fixing it to 0,3');
  expectEqual(fixed.invalid, 'false', 'aria-invalid of split.rho after fixing it');
  const epochs = await readFieldError(page, 'optim.epochs');
  expectEqual(epochs.invalid, 'true', 'optim.epochs stays refused while it holds "abc"');
}

/** A field holding refused text blocks Train: the run would not use what it shows. */
async function refusedFieldBlocksTrain({ page }) {
  await setField(page, 'split.n_labeled', 'abc');
  const { error, text } = await readStatus(page);
  // The status names the field as the form labels it, not by its internal key.
  expect(error && text.includes('Labeled positives n_l') && !text.includes('split.n_labeled'),
    `status with a refused field: "${text}"`);
  await clickButton(page, 'train');
  await sleep(1500);
  const after = await readStatus(page);
  expect(after.error && after.text.includes('Fix the fields marked in red'), `after Train: "${after.text}"`);
  expectEqual(await page.locator('#stage').textContent(), '', 'no run started');
  await setField(page, 'split.n_labeled', '300');
  await waitForReady(page);
}

export const formTests = [
  { name: 'invalid form values are refused at the field', mode: 'cpu', run: invalidValuesRefused },
  { name: 'a refused field blocks Train', mode: 'cpu', run: refusedFieldBlocksTrain },
];
