/**
 * Two names the source states, each put in the other's place: a changed fact every word of which
 * the source holds. The sentence as written stays supported, and names listed in another order
 * are no swap.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstVerdictOver, passage } from './corpus';

const one = firstVerdictOver([
  passage('monitoring', 'Grafana displays the metrics that Prometheus collects from every node. Alerts are routed by Alertmanager.'),
  passage('replication', 'The primary database runs in Dublin and the replica runs in Frankfurt. Failover takes about a minute.'),
  passage('stack', 'Grafana and Prometheus are both open source projects with large communities.'),
  passage('install', 'You have configured RHDH to allow plugins installation from Extensions.'),
  passage('install-title', 'Configuring RHDH to install plugins by using Extensions'),
]);

test('names swapped between their roles are contradicted, the reason naming the source\'s', () => {
  const v = one('Prometheus displays the metrics that Grafana collects from every node.');
  assert.equal(v.verdict, 'contradicted', v.reason);
  assert.match(v.reason, /names Grafana, not Prometheus/);
  assert.equal(v.conflict?.claimText, 'Prometheus');
  const db = one('The primary database runs in Frankfurt and the replica runs in Dublin.');
  assert.equal(db.verdict, 'contradicted', db.reason);
  assert.match(db.reason, /Dublin, not Frankfurt/);
});

test('the same facts as written, or in another order, stay supported', () => {
  assert.equal(one('Grafana displays the metrics that Prometheus collects from every node.').verdict, 'supported');
  assert.equal(one('Prometheus collects the metrics from every node that Grafana displays.').verdict, 'supported');
  assert.equal(one('The replica runs in Frankfurt and the primary database runs in Dublin.').verdict, 'supported');
  assert.equal(one('Prometheus and Grafana are both open source projects with large communities.').verdict, 'supported');
});

test('a sentence that merely holds the swapped claim\'s words does not agree with it', () => {
  // the title holds every word of the claim, with neither name beside the claim's words
  const v = one('You have configured Extensions to allow plugins installation from RHDH.');
  assert.equal(v.verdict, 'contradicted', v.reason);
  assert.match(v.reason, /names RHDH, not Extensions/);
});
