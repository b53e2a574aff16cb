import { test } from 'node:test';
import assert from 'node:assert/strict';
import { quoteItems } from '../../../webview/pdfViewer';

// Text items as pdf.js gives them for a page: lines, fragments, and spacing that differs from the quote.
const ITEMS = ['Passport fees', 'Express renewal', 'Express renewal costs 150 euros and takes', 'five working days.', 'Express renewal is only available at the town hall.'];

test('the quote is found across text items, ignoring spacing and punctuation; only its items are returned', () => {
  assert.deepEqual(quoteItems(ITEMS, 'Express renewal costs 150 euros and takes five working days.'), [2, 3]);
  assert.deepEqual(quoteItems(ITEMS, 'express  renewal is only available at the town-hall'), [4]);
});

test('a quote that is not on the page gives no items (the passage boxes are drawn instead)', () => {
  assert.deepEqual(quoteItems(ITEMS, 'Standard renewal costs 75 euros.'), []);
  assert.deepEqual(quoteItems(ITEMS, '…'), []);
});
