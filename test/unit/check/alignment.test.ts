/**
 * The token alignment and the conflict kinds that read it: a conflict is a substitution inside an
 * otherwise matching alignment, never an insertion; words in another order are moved, not
 * missing; and each kind recognises its own substitution and nothing else. The false alarms the
 * natural-text sets showed (rewritten examples of the mechanisms) stay quiet.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { alignTokens, coverage } from '../../../src/core/check/alignment';
import { cleanClaim } from '../../../src/core/check/clean';
import { findConflict } from '../../../src/core/check/kinds';
import { profile } from '../../../src/core/check/profile';
import { valueSetsOf } from '../../../src/core/check/valueSets';
import { createChecker } from '../../../src/core/check/checker';
import { createMemorySource } from '../../../src/core/check/memorySource';
import { firstVerdictOver, passage, releaseNotes } from './corpus';

/** The conflict the kinds find between a claim and one source sentence (the sentence's own value sets). */
function conflict(claim: string, source: string, document = source): ReturnType<typeof findConflict> {
  const c = profile(cleanClaim(claim));
  const s = profile(cleanClaim(source));
  // value sets are cached by passage id and hash: each document its own
  const sets = valueSetsOf([passage(document, document)]);
  return findConflict({ a: alignTokens(c, s), claim: c, source: s, exclusive: sets.exclusive });
}

test('an insertion is never a contradiction: a longer name, an extra list item, a qualifier', () => {
  assert.equal(conflict('Acme Developer Hub caches plugin assets.', 'Developer Hub caches plugin assets.'), undefined);
  assert.equal(conflict('Install the Serverless Operator and the Serverless Logic Operator through OperatorHub.', 'Install the Serverless Operator through OperatorHub.'), undefined);
  assert.equal(conflict('Magellan of Virginia offers dental plans to members.', 'Magellan offers dental plans to members.'), undefined);
});

test('words in another order are moved, not missing, and not a negation', () => {
  const c = profile('The proxy is bypassed only if the host is listed.');
  const s = profile('The proxy is only bypassed if the host is listed.');
  const a = alignTokens(c, s);
  assert.equal(coverage(a, () => 1), 1);
  assert.equal(findConflict({ a, claim: c, source: s, exclusive: () => false }), undefined);
});

test('each kind names its own substitution, tight when nothing else differs', () => {
  const value = conflict('Refunds are issued within 60 days of delivery.', 'Refunds are issued within 30 days of delivery.');
  assert.equal(value?.kind, 'values');
  assert.equal(value?.tight, true);
  assert.equal(value?.claimText, '60 days');
  assert.equal(conflict('Dex provides authentication for the portal.', 'Keycloak provides authentication for the portal.')?.kind, 'names');
  assert.equal(conflict('The plugin is disabled by default.', 'The plugin is enabled by default.')?.kind, 'opposites');
  assert.equal(conflict('Backups usually run at night.', 'Backups rarely run at night.')?.kind, 'quantifiers');
  assert.equal(conflict('Also administrators can use Bulk Import.', 'Only administrators can use Bulk Import.')?.kind, 'quantifiers');
  assert.equal(conflict('Audit records are not copied to the archive.', 'Audit records are copied to the archive.')?.kind, 'negation');
  assert.equal(conflict('Prometheus displays the metrics that Grafana collects.', 'Grafana displays the metrics that Prometheus collects.')?.kind, 'swaps');
});

test('prefixes that point opposite ways make opposites no word list names; a long word after "a-" too', () => {
  assert.equal(conflict('The client downloads the archive from the registry.', 'The client uploads the archive to the registry.')?.kind, 'opposites');
  assert.equal(conflict('The filter excludes archived repositories from the list.', 'The filter includes archived repositories in the list.')?.kind, 'opposites');
  assert.equal(conflict('The policy blocks outbound traffic on port 443.', 'The policy blocks inbound traffic on port 443.')?.kind, 'opposites');
  assert.equal(conflict('The plugin sends asynchronous requests to the backend.', 'The plugin sends synchronous requests to the backend.')?.kind, 'opposites');
  // "in" / "out" on a three-letter stem
  assert.equal(conflict('The models input fluent responses.', 'The models output fluent responses.')?.kind, 'opposites');
  // a prefix with no opposite prefix on the other word is no pair ("design" / "sign")
  assert.notEqual(conflict('The team reviews the sign before the release.', 'The team reviews the design before the release.')?.kind, 'opposites');
});

test('two values of one setting the document lists exclude each other; the setting as written does not', () => {
  const sentence = 'In this release the pull policy changed from `Always` to `IfNotPresent`.';
  const document = `${sentence} The policy can be \`Always\`, \`IfNotPresent\` or \`Never\`.`;
  const f = conflict('In this release the pull policy changed from Always to Always.', sentence, document);
  assert.equal(f?.kind, 'opposites');
  assert.equal(f?.sourceText, 'IfNotPresent');
  assert.equal(conflict('In this release the pull policy changed from Always to IfNotPresent.', sentence, document), undefined);
  assert.ok(valueSetsOf([passage(document, document)]).exclusive('Never', 'Always'));
  assert.ok(!valueSetsOf([passage(sentence, sentence)]).exclusive('Never', 'Always'));
});

test('a name and its short form, its initials or a typo of a long word are one name', () => {
  assert.equal(conflict('Visit the United States Department of State website.', 'Visit the US Department of State website.'), undefined);
  assert.equal(conflict('You must register to vote in New York State.', 'You must register to vote in NY State.'), undefined);
  assert.equal(conflict('Use the Sales Tax Ememption form at the counter.', 'Use the Sales Tax Exemption form at the counter.'), undefined);
  // two short names one letter apart are two names
  assert.equal(conflict('The proxy for HTTP requests is set in the cluster.', 'The proxy for HTTPS requests is set in the cluster.')?.kind, 'names');
});

test('a preposition is no opposite unless it has one; a negation in a clause the claim leaves out counts for nothing', () => {
  assert.equal(conflict('You can display the sticker on any vehicle.', 'You can display the sticker of any vehicle.'), undefined);
  assert.equal(conflict('You need to surrender your plates to the DMV immediately.', "If you don't have insurance, you need to surrender your plates to the DMV immediately."), undefined);
  assert.equal(conflict('Tartrate does not stay in the blood for 24 hours, whereas succinate stays in the blood for 24 hours.', 'Succinate stays in the blood for 24 hours, whereas tartrate does not stay in the blood for 24 hours.'), undefined);
  assert.equal(conflict('Dry the hair, avoiding the use of a hot dryer.', 'Dry the hair and do not use a hot dryer.'), undefined);
});

test('a number from another sentence, a label or a list marker is no counterpart', () => {
  assert.equal(conflict('You must have been married for 10 years.', 'You must be 62 years old. You must have been married for 10 years.'), undefined);
  assert.equal(conflict('Click Save to finish (step 3).', 'Step 5: Click Save to finish.'), undefined);
});

const one = firstVerdictOver([
  passage('ops', 'The Operator creates a set of resources in the namespace. You can create, update, or delete a role in the Web UI.'),
  passage('terms', 'This functionality uses the spec.scaffoldedFrom field in catalog entities.'),
  ...releaseNotes(),
]);

test('the main verb swapped for an alternative the documents list is unsupported; an unrelated verb is uncertain; a synonym stays supported', () => {
  const v = one('The Operator deletes a set of resources in the namespace.');
  assert.equal(v.verdict, 'unsupported', v.reason);
  assert.match(v.reason, /says 'creates' where this says 'deletes'/);
  // "relies on" for "uses": a verb WordNet does not relate; as often a paraphrase as a change, so
  // the sentence is not clearly supported, and not called unsupported either
  const relies = one('This functionality relies on the spec.scaffoldedFrom field in catalog entities.');
  assert.deepEqual([relies.verdict, relies.certainty], ['supported', 'uncertain']);
  // "employs" is a synonym of "uses"
  assert.equal(one('This functionality employs the spec.scaffoldedFrom field in catalog entities.').verdict, 'supported');
});

test('what adds, hedges or bounds is no denial: "not only", "not necessarily", "no more than"; "one of" and "the first step" are no counts', () => {
  assert.equal(conflict('Cycling is not only good for the joints but also for the heart.', 'Cycling is good for the joints.'), undefined);
  assert.equal(conflict('A high score does not necessarily mean the plan is approved.', 'A high score means the plan is approved.'), undefined);
  assert.equal(conflict('Refunds are issued in no more than 30 days.', 'Refunds are issued within 30 days.'), undefined);
  assert.equal(conflict('Whether or not you apply online, the fee is charged.', 'The fee is charged when you apply online.'), undefined);
  assert.equal(conflict('Brushing is one of the best ways to clean the grout.', 'Brushing is two of the best ways to clean the grout.'), undefined);
  assert.equal(conflict('The first step is to remove the cover.', 'The second step is to remove the cover.'), undefined);
  // a real denial still is one
  assert.equal(conflict('Refunds are not issued in 30 days.', 'Refunds are issued in 30 days.')?.kind, 'negation');
});

test('a number word read as a count on one side and as a word on the other is the same word', () => {
  // "no one" reads "one" as a word, "there is one" as a count: the negation still governs it
  assert.equal(conflict('There is one best age for everyone.', 'There is no one best age for everyone.')?.kind, 'negation');
  assert.equal(conflict('There is no one best age for everyone.', 'There is no one best age for everyone.'), undefined);
});

test('a copied sentence with one noun swapped for its WordNet sibling is unsupported; an unrelated noun stays a paraphrase', () => {
  const check = firstVerdictOver([passage('dmv-visit', 'Bring your passport to the DMV office when you renew. Fill out the form before your visit to the office.'), ...releaseNotes()]);
  const sibling = check('Bring your license to the DMV office when you renew.');
  assert.equal(sibling.verdict, 'unsupported', sibling.reason);
  assert.match(sibling.reason, /says 'passport' where this says 'license'/);
  // "application" for "form": nothing in WordNet relates them, and people write one for the other
  assert.equal(check('Fill out the application before your visit to the office.').verdict, 'supported');
});

test('a contradiction is clear only where the claim restates most of the contradicting sentence, not one clause of it', () => {
  const sentence = 'You need to pay the renewal fee at the office, and the clerk prints the new card for you on the same day.';
  const check = firstVerdictOver([passage('renewal-fee', sentence), ...releaseNotes()]);
  const copy = check("You don't need to pay the renewal fee at the office, and the clerk prints the new card for you on the same day.");
  assert.deepEqual([copy.verdict, copy.certainty], ['contradicted', 'clear'], copy.reason);
  // one clause of the sentence: still contradicted, as a question ("possibly contradicted")
  const clause = check("You don't need to pay the renewal fee at the office.");
  assert.deepEqual([clause.verdict, clause.certainty], ['contradicted', 'uncertain'], clause.reason);
});

test('a loose finding elsewhere hides no one-word edit of a sentence restated in full', () => {
  // the second passage restates half of the claim around another name ("HTTP"): a loose names
  // finding that decides nothing, which once kept the swapped plugin name from being seen
  const check = firstVerdictOver([
    passage('bulk-import-audit', 'The Bulk Import backend plugin adds the following events to the Developer Hub audit logs.'),
    passage('http-events', 'To create HTTP endpoints that receive events for the backend plugin, add the following to the audit configuration:'),
    ...releaseNotes(),
  ]);
  const v = check('The Bulk Export backend plugin adds the following events to the Developer Hub audit logs.');
  assert.equal(v.verdict, 'unsupported', v.reason);
  assert.match(v.reason, /says 'Import' where this says 'Export'/);
  assert.equal(check('The Bulk Import backend plugin adds the following events to the Developer Hub audit logs.').verdict, 'supported');
});

test('two words are alternatives where the corpus lists both anywhere, not only in the candidate passages', () => {
  const candidate = passage('operator', 'The Operator creates a set of resources in the namespace.');
  const list = passage('rbac', 'Each role can read, create, or delete catalog entities.');
  assert.equal(valueSetsOf([candidate]).alternatives('deletes', 'creates'), false);
  assert.equal(valueSetsOf([candidate], undefined, () => [list]).alternatives('deletes', 'creates'), true);
  // a passage that holds both words without listing them as alternatives says nothing of the kind
  const apart = passage('apart', 'Create the secret first. Later steps delete the temporary files the installer left.');
  assert.equal(valueSetsOf([candidate], undefined, () => [apart]).alternatives('deletes', 'creates'), false);
});

test('the checker asks the whole corpus for a swapped verb: a list in another file makes the swap unsupported', () => {
  // fillers share the claim's other words, so the list's file is not among the sentence's candidates
  const fillers = Array.from({ length: 12 }, (_, i) => passage(`ns${i}`, `Team ${i} keeps a set of resources in the namespace of the Operator for its services.`));
  // (the source sentence says more than the claim: no copy altered in one word, see below)
  const over = (extra: ReturnType<typeof passage>[]) => firstVerdictOver([passage('operator', 'The Operator creates a set of resources in the namespace for each new tenant.'), ...fillers, ...extra, ...releaseNotes()]);
  const claim = 'The Operator deletes a set of resources in the namespace.';
  const listed = over([passage('rbac', 'Each role can read, create, or delete catalog entities.')])(claim);
  assert.equal(listed.verdict, 'unsupported', listed.reason);
  assert.match(listed.reason, /'creates' where this says 'deletes'/);
  // without any list naming both, the swap stays a possible paraphrase: supported, uncertain
  const unlisted = over([])(claim);
  assert.deepEqual([unlisted.verdict, unlisted.certainty], ['supported', 'uncertain']);
});

test('"supported, clear" needs one sentence stating the whole claim in place: a restrictor, a negation or two names swapped leave it uncertain', () => {
  const v = firstVerdictOver([
    passage('import', 'Only administrators can use Bulk Import in the portal.'),
    passage('metrics', 'Grafana displays the metrics that Prometheus collects from the cluster.'),
    passage('renew', 'You can only renew your licence online. Renewals by mail are not accepted.'),
    passage('lapse-letter', 'I received a letter from the DMV about a lapse of insurance on my car. Please send us a copy of your registration.'),
    passage('hair-towel', 'Dry the hair with a soft towel. Then rub it gently with your hands.'),
    ...releaseNotes(),
  ]);
  const notClearlySupported = (text: string): void => {
    const x = v(text);
    assert.ok(x.verdict !== 'supported' || x.certainty !== 'clear', `${text} → ${x.verdict} ${x.certainty}: ${x.reason}`);
  };
  const clearlySupported = (text: string): void => {
    const x = v(text);
    assert.deepEqual([x.verdict, x.certainty], ['supported', 'clear'], x.reason);
  };
  clearlySupported('Only administrators can use Bulk Import in the portal.');
  clearlySupported('Grafana displays the metrics that Prometheus collects from the cluster.');
  // "also" before a noun says who, as "only" does: no connective to drop
  notClearlySupported('Also administrators can use Bulk Import in the portal.');
  notClearlySupported('All users can use Bulk Import in the portal.');
  notClearlySupported('Prometheus displays the metrics that Grafana collects from the cluster.');
  notClearlySupported('Only administrators cannot use Bulk Import in the portal.');
  // every word of it is in the window, but no sentence says it: one says "only online", the next
  // denies "by mail"
  notClearlySupported('You can only renew your licence by mail.');
  clearlySupported('You can only renew your licence online.');
  // a claim may join two sentences in their order; a word picked from another sentence out of
  // order ("send" of "Please send us …") states nothing in its place
  clearlySupported('Dry the hair with a soft towel and rub it gently with your hands.');
  notClearlySupported('I send a letter about a lapse of insurance on my car.');
  notClearlySupported('A copy of the registration was received by the DMV.');
});

test('an imperative opening a step is a verb, not a name; an acronym spelled out with its small words is the same name', () => {
  assert.equal(conflict('Pat the jewelry dry with a soft cloth.', 'Rub the jewelry, then rinse in cool water and buff with a cloth until dry.')?.kind, undefined);
  assert.equal(conflict('The reference dates from over 300 years before Christ.', 'The reference dates from over 300 years BC.'), undefined);
  // another name in that place still is one
  assert.equal(conflict('The reference dates from over 300 years AD.', 'The reference dates from over 300 years BC.')?.kind, 'names');
  assert.equal(conflict('Dex provides authentication for the portal.', 'Keycloak provides authentication for the portal.')?.kind, 'names');
});

test('a source sentence copied with its verb or adjective changed to one WordNet does not relate is unsupported; a looser rewording is uncertain', () => {
  const v = firstVerdictOver([
    passage('ssa', 'Most people who receive disability benefits are workers who qualify on their own records.'),
    passage('docs', 'Required documentation must be sent to the loan holder before the review.'),
    passage('export', 'The exporter writes the report as json to the output folder.'),
    ...releaseNotes(),
  ]);
  const sent = v('Most people who send disability benefits are workers who qualify on their own records.');
  assert.equal(sent.verdict, 'unsupported', sent.reason);
  assert.match(sent.reason, /'receive' where this says 'send'/);
  assert.notEqual(v('Optional documentation must be sent to the loan holder before the review.').verdict, 'supported');
  // the same verb with more around it changed is a rewording to weigh, not a copy altered in one word
  const reworded = v('Most people who get disability benefits are workers who qualify on their own earnings records.');
  assert.notEqual(reworded.verdict, 'contradicted');
  assert.notEqual(reworded.certainty, 'clear');
  // two words WordNet knows neither of, as settings and formats are written: one value for another
  assert.equal(v('The exporter writes the report as yaml to the output folder.').verdict, 'unsupported');
  // a synonym in that place is no change at all
  assert.equal(v('Most people who obtain disability benefits are workers who qualify on their own records.').verdict, 'supported');
});


test('"never" and "none" are the bottom of their scales; a list with prepositions names alternatives, two verbs in one clause do not', () => {
  assert.equal(conflict('Never: the value compares the image digest in the registry.', 'Always: the value compares the image digest in the registry.')?.kind, 'quantifiers');
  const list = passage('ways', 'You can apply online, by phone, or in person at a local office.');
  assert.equal(valueSetsOf([list]).alternatives('person', 'online'), true);
  assert.equal(valueSetsOf([list]).alternatives('phone', 'online'), true);
  const clause = passage('steps', 'Click the button and select the file you want to upload.');
  assert.equal(valueSetsOf([clause]).alternatives('select', 'click'), false);
});

test('opposites are found through base forms: "later" is not "earlier", whatever cluster holds both', () => {
  assert.equal(conflict('Renewals open later than the filing date.', 'Renewals open earlier than the filing date.')?.kind, 'opposites');
  assert.equal(conflict('The service stopped after the upgrade.', 'The service started after the upgrade.')?.kind, 'opposites');
});

test('a corpus lookup is remembered for one check only: a list removed from the index no longer counts', () => {
  const fillers = Array.from({ length: 12 }, (_, i) => passage(`ns${i}`, `Team ${i} keeps a set of resources in the namespace of the Operator for its services.`));
  const base = [passage('operator', 'The Operator creates a set of resources in the namespace for each new tenant.'), ...fillers, ...releaseNotes()];
  let current = createMemorySource([...base, passage('rbac', 'Each role can read, create, or delete catalog entities.')]);
  const checker = createChecker({ search: (q, o) => current.search(q, o), termStats: () => current.termStats() });
  const claim = 'The Operator deletes a set of resources in the namespace.';
  assert.equal(checker.check(claim).sentences[0]!.verdict, 'unsupported');
  current = createMemorySource(base);
  assert.deepEqual([checker.check(claim).sentences[0]!.verdict, checker.check(claim).sentences[0]!.certainty], ['supported', 'uncertain']);
});

test('a negated quantifier lowers the quantifier: "not all" agrees with "some" and "most", denies "all" and "every"', () => {
  const source = 'Not all DMV offices offer the road test.';
  for (const claim of ['Some DMV offices offer the road test.', 'Most DMV offices offer the road test.', 'Few DMV offices offer the road test.', 'Not many DMV offices offer the road test.', 'No DMV office offers the road test.', 'DMV offices do not offer the road test.']) {
    assert.equal(conflict(claim, source), undefined, claim);
  }
  const all = conflict('All DMV offices offer the road test.', source);
  assert.equal(all?.kind, 'negation');
  const every = conflict('Every DMV office offers the road test.', source);
  assert.equal(every?.kind, 'quantifiers');
  assert.equal(every?.sourceText, 'Not all');
  // "not always" the same way, on the scale of how often
  assert.equal(conflict('Backups sometimes run at night.', 'Backups do not always run at night.'), undefined);
  assert.equal(conflict('Backups always run at night.', 'Backups do not always run at night.')?.tight, true);
});

test('"prevent" negates the action it governs, as "avoid" does', () => {
  const source = 'Keep the nozzle at the same distance from the concrete to avoid streaking.';
  assert.equal(conflict('Keep the nozzle at the same distance from the concrete to prevent streaking.', source), undefined);
  assert.equal(conflict('Keep the nozzle at the same distance from the concrete to cause streaking.', source)?.kind, 'negation');
  // before a thing, not an action, it negates nothing: "prevent damage" names the damage
  assert.equal(profile('Seal the pipe to prevent damage.').negations, 0);
});

test('"refrain from" and "free of" deny as "do not" and "no" do', () => {
  assert.equal(conflict('Refrain from using bleach on the marble countertop.', 'Do not use bleach on the marble countertop.'), undefined);
  assert.equal(conflict('Use bleach on the marble countertop.', 'Refrain from using bleach on the marble countertop.')?.kind, 'negation');
  assert.equal(conflict('The card is free of annual fees.', 'The card has no annual fee.'), undefined);
  assert.equal(conflict('The card has an annual fee.', 'The card is free of annual fees.')?.kind, 'negation');
});

test('a second negation in the clause at a word the claim leaves out may cancel the first: never a clear edit', () => {
  const f = conflict('Deleted photos can only be recovered from a backup.', 'It is not possible to recover deleted photos without a backup.');
  assert.notEqual(f?.tight, true);
  // one negation, nothing to cancel it: clear
  assert.equal(conflict('Deleted photos are recovered without a backup.', 'Deleted photos are recovered from a backup.')?.tight, true);
});

test('a bound or a round figure allows a range: only ranges with no number in common conflict', () => {
  assert.equal(conflict('More than half of voters approved the plan.', 'Over 60% of voters approved the plan.'), undefined);
  assert.equal(conflict('The pass costs 58 dollars.', 'The pass costs about 60 dollars.'), undefined);
  assert.equal(conflict('Refunds are issued in 14 days.', 'Refunds are issued within 30 days.'), undefined);
  // two bounds the same way state the bound: another bound is another fact
  assert.equal(conflict('Refunds are issued within 33 days.', 'Refunds are issued within 30 days.')?.kind, 'values');
  assert.equal(conflict('Members must be at least 21 years old.', 'Members must be at least 18 years old.')?.kind, 'values');
  // a round figure far from the exact one, and a figure outside a bound, still conflict
  assert.equal(conflict('The pass costs 90 dollars.', 'The pass costs about 60 dollars.')?.kind, 'values');
  assert.equal(conflict('Refunds are issued in 45 days.', 'Refunds are issued within 30 days.')?.kind, 'values');
});

test('a percentage is its own unit, and "two and a half" is one number', () => {
  const p = profile('Over 60% of voters approved.');
  assert.deepEqual(p.values.map((v) => [v.v, v.unit]), [['60', 'percent']]);
  assert.deepEqual(profile('The trip takes two and a half hours.').values.map((v) => v.v), ['2.5']);
  assert.equal(conflict('The trip takes 2.5 hours.', 'The trip takes two and a half hours.'), undefined);
  assert.equal(conflict('The trip takes 3.5 hours.', 'The trip takes two and a half hours.')?.kind, 'values');
});

test('"yes" and "no" as an answer or a setting are values of one set, not a negation', () => {
  assert.deepEqual(profile('The answer to both questions is no.').values.map((v) => v.v), ['answer:no']);
  assert.equal(profile('The answer to both questions is no.').negations, 0);
  // an answer particle that opens a sentence, and a determiner, are no such value
  assert.deepEqual(profile('No, you cannot renew online.').values, []);
  assert.deepEqual(profile('There is no refund of other fees.').values, []);
  assert.equal(conflict('The answer to both questions is yes.', 'The answer to both questions is no.')?.kind, 'values');
  assert.equal(conflict('If the answer is no, you may want to delay your benefits.', 'If the answer is yes, you may want to delay your benefits.')?.kind, 'values');
});

test('of windows holding the same words, the one that states the claim\'s values and word pairs is aligned', () => {
  const text = 'If the inspection sticker has expired in the past 60 days, you can receive a fine of $25 to $50. If the inspection sticker is expired more than 60 days, the fine is between $50 and $100. If there is no inspection sticker, the fine is between $50 and $100.';
  const verdict = firstVerdictOver([passage('inspections', text), ...releaseNotes()])('If there is an inspection sticker, the fine is between $50 and $100.');
  assert.equal(verdict.verdict, 'contradicted');
  assert.match(verdict.evidence?.quote ?? '', /no inspection sticker/);
});

test('a denial of ability against an instruction, and a negation the source writes at another word, are never a clear edit', () => {
  // an instruction says how, not who may: the person may not be eligible
  assert.notEqual(conflict("You can't apply for S-DVI.", 'Apply for S-DVI online.')?.tight, true);
  assert.equal(conflict("You can't apply for S-DVI online.", 'You can apply for S-DVI online.')?.tight, true);
  // a denial inside an instruction, at a verb of its own, is still one clear edit
  assert.equal(conflict('Contact your school if you cannot attend the session.', 'Contact your school if you can attend the session.')?.tight, true);
  // the source's "not" stands at "able", a word the claim leaves out: it may be the claim's "not"
  const f = conflict('If not all plastic comes off, you may need to replace the drum.', 'You may not be able to get all of the plastic off. If not, you need to replace the drum.');
  assert.notEqual(f?.tight, true);
});

test('two names that trade places across the rest of the sentence are a swap, however the alignment pairs them', () => {
  // the alignment pairs one of the names in order and moves the other: still a swap
  const f = conflict('Through all her evil career Sikes had been true to Nancy.', 'Through all her evil career Nancy had been true to Sikes.');
  assert.equal(f?.kind, 'swaps');
  assert.equal(f?.tight, true);
  // a sentence rewritten around its names moves its other words too: no swap
  assert.equal(conflict('Grafana collects the metrics that Prometheus displays.', 'Prometheus displays the metrics that Grafana collects.'), undefined);
  // names listed in another order cross no word
  assert.equal(conflict('Grafana and Prometheus are installed by the operator.', 'Prometheus and Grafana are installed by the operator.'), undefined);
});

test('a name is the same name only in another inflection, and a word written twice may cross', () => {
  // "General" and "Generate" share the stemmer's cut "gener", not a name
  assert.equal(conflict('In the Generate tab, click General to add a new client secret.', 'In the General tab, click Generate to add a new client secret.')?.kind, 'swaps');
  assert.equal(conflict('Review your banking information and select Done then select Submit.', 'Review your banking information and select Submit then select Done.')?.kind, 'swaps');
  // a plural of the same name still states it
  assert.equal(conflict('The Operators manage the database.', 'The Operator manages the database.'), undefined);
});

test('only a verb in its base form opens an instruction', () => {
  assert.equal(conflict('Provides charts that you cannot host on private servers.', 'Provides charts that you can host on private servers.')?.tight, true);
  assert.equal(conflict('Nested loops cannot be difficult to optimize.', 'Nested loops can be difficult to optimize.')?.tight, true);
});

test('comparatives with an opposite exclude each other, and two opposites in one place cancel', () => {
  assert.equal(conflict('Closed-book models are less likely to hallucinate.', 'Closed-book models are more likely to hallucinate.')?.kind, 'opposites');
  // before a number the two comparatives bound it: the values kind reads them as bounds that share no number
  assert.equal(conflict('The tank holds fewer than 5 liters.', 'The tank holds more than 5 liters.')?.kind, 'values');
  assert.equal(conflict('The second plan is less expensive.', 'The second plan is more affordable.'), undefined);
  // the superlatives of quantity too: "most" against "fewest" as against "least"
  assert.equal(conflict('The tuned model gave the most hallucinations in the study.', 'The tuned model gave the fewest hallucinations in the study.')?.kind, 'opposites');
});

test('"same" against "different" is an opposite, though "same" is a stop word for retrieval', () => {
  const f = conflict('Use the same access key for both clusters.', 'Use a different access key for both clusters.');
  assert.equal(f?.kind, 'opposites');
  assert.equal(f?.tight, true);
  // a preposition is compared only with its listed opposite, not with WordNet's wider antonyms of "on"
  assert.equal(conflict('Log on to the portal with a different browser.', 'Log on to the portal with a supported browser.')?.kind, undefined);
});

test('a negation written in two words keeps its second word on the other side: still one clear edit', () => {
  const f = conflict('Token length is yes longer an issue for the reranker.', 'Token length is no longer an issue for the reranker.');
  assert.equal(f?.kind, 'negation');
  assert.equal(f?.tight, true);
  assert.equal(conflict('Token length is still an issue for the reranker.', 'Token length is no longer an issue for the reranker.')?.tight, true);
});

test('a negation reaches past an adverb set off by commas', () => {
  const f = conflict('It is not, therefore, important to check the sources.', 'It is, therefore, important to check the sources.');
  assert.equal(f?.kind, 'negation');
  assert.equal(f?.tight, true);
  // but not past a clause: "If not, you need …" does not negate "need"
  assert.equal(conflict('If not, you need to renew the permit online.', 'You need to renew the permit online.'), undefined);
});

test('the letters of a code written with its number are a name: "BLEU-4" is not "GPT-4"', () => {
  const f = conflict('We use BLEU-4 to evaluate the responses.', 'We use GPT-4 to evaluate the responses.');
  assert.equal(f?.kind, 'names');
  assert.equal(f?.tight, true);
  assert.equal(conflict('We use GPT-4 to evaluate the responses.', 'We use GPT-4 to evaluate the responses.'), undefined);
  // the number is still a value of its own, and a code for another code is one edit
  assert.equal(conflict('We use GPT-3 to evaluate the responses.', 'We use GPT-4 to evaluate the responses.')?.kind, 'values');
  const code = conflict('To replace a lost card, file Form I-94 at the office.', 'To replace a lost card, file Form DS-11 at the office.');
  assert.equal(code?.kind, 'values');
  assert.equal(code?.tight, true);
});

test('the same number bounded the other way is a conflict; bounds that share a number are not', () => {
  for (const [claim, source] of [
    ['You must be at least 18 to apply.', 'You must be under 18 to apply.'],
    ['The history is not less than 10 turns long.', 'The history is less than 10 turns long.'],
    ['Applicants must be under 18.', 'Applicants must be 18 or older.'],
    ['Refunds take no more than 30 days.', 'Refunds take more than 30 days.'],
  ] as const) {
    const f = conflict(claim, source);
    assert.equal(f?.kind, 'values', claim);
    assert.equal(f?.tight, true, claim);
  }
  // "no more than" is an upper bound, as "up to" is; "18 or older" is "at least 18"; a bare figure is left alone
  assert.equal(conflict('Refunds take no more than 30 days.', 'Refunds take up to 30 days.'), undefined);
  assert.equal(conflict('Applicants must be 18 or older.', 'Applicants must be at least 18.'), undefined);
  assert.equal(conflict('Refunds take 5 days.', 'Refunds take more than 5 days.'), undefined);
  assert.equal(conflict('Refunds take 14 days.', 'Refunds take no more than 30 days.'), undefined);
});

test('a time of day is one value with its a.m. or p.m.: "8:00 p.m." is not "8:00 a.m."', () => {
  const f = conflict('The Center is open from 8:00 a.m. to 8:00 p.m. on weekdays.', 'The Center is open from 8:00 a.m. to 10:00 p.m. on weekdays.');
  assert.equal(f?.kind, 'values');
  assert.equal(f?.claimText, '8:00 p.m.');
  assert.equal(f?.sourceText, '10:00 p.m.');
  assert.equal(conflict('The office closes at 6 am.', 'The office closes at 6 pm.')?.kind, 'values');
  // the sentence's own period is no part of the time
  assert.deepEqual(profile('The office closes at 5 pm.').values.map((v) => v.surface), ['5 pm']);
  // the same time written another way, or without the half of the day, states it
  assert.equal(conflict('The office closes at 5 p.m. on weekdays.', 'The office closes at 5:00 PM on weekdays.'), undefined);
  assert.equal(conflict('The office closes at 5:00 on weekdays.', 'The office closes at 5:00 p.m. on weekdays.'), undefined);
  assert.equal(conflict('The office is open from 9 to 5 on weekdays.', 'The office is open from 9:00 a.m. to 5:00 p.m. on weekdays.'), undefined);
  assert.equal(conflict('The office closes at 17:30 on weekdays.', 'The office closes at 5:30 p.m. on weekdays.'), undefined);
  // a ratio written as a time is one value too, and still differs from another; "5 m" is no time
  assert.equal(conflict('Dilute it at a 1:30 ratio before use.', 'Dilute it at a 1:50 ratio before use.')?.kind, 'values');
  assert.deepEqual(profile('The pole is 5 m long.').values.map((v) => v.v), ['5']);
});
