// A real ActivityPub implementation (Fedify) reading Roost as another server would: WebFinger for the handle, then
// the actor, its outbox and a post through Fedify's own parser, and NodeInfo through Fedify's strict one. Prints
// what it parsed as one JSON line, for social.activitypub.FedifyPeerTest to check.
// Usage: node peer.mjs <username@host> <note URL>
import { parseNodeInfo } from "@fedify/fedify";
import { Create, lookupObject, Note, Person } from "@fedify/vocab";
import { getDocumentLoader } from "@fedify/vocab-runtime";
import { lookupWebFinger } from "@fedify/webfinger";

const [handle, noteUrl] = process.argv.slice(2);
if (!handle || !noteUrl) {
  console.error("usage: node peer.mjs <username@host> <note URL>");
  process.exit(2);
}
// WebFinger for an acct: handle is always asked over https (RFC 7033); Roost runs on plain http in the tests, so
// https requests to its host alone go over http instead, as a TLS-terminating proxy in front of it would make them.
const roostHost = handle.slice(handle.lastIndexOf("@") + 1);
const plainFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : input);
  if (url.protocol === "https:" && url.host === roostHost) {
    url.protocol = "http:";
    return plainFetch(input instanceof Request ? new Request(url, input) : url, init);
  }
  return plainFetch(input, init);
};

// Roost runs on loopback in the tests: Fedify refuses private addresses unless told (its SSRF guard).
const documentLoader = getDocumentLoader({ allowPrivateAddress: true });
const signal = AbortSignal.timeout(30_000);

const jrd = await lookupWebFinger(`acct:${handle}`, { allowPrivateAddress: true, signal });
const self = jrd?.links?.find((link) => link.rel === "self" && link.type === "application/activity+json");

const byUrl = self?.href ? await lookupWebFinger(self.href, { allowPrivateAddress: true, signal }) : null;

const actor = await lookupObject(handle, { documentLoader, contextLoader: documentLoader, allowPrivateAddress: true, signal });
if (!(actor instanceof Person)) {
  throw new Error(`not a Person: ${actor}`);
}
const key = await actor.getPublicKey({ documentLoader, contextLoader: documentLoader });
const outbox = await actor.getOutbox({ documentLoader, contextLoader: documentLoader });
const firstPage = await outbox?.getFirst({ documentLoader, contextLoader: documentLoader });
const newest = [];
for await (const item of firstPage?.getItems({ documentLoader, contextLoader: documentLoader }) ?? []) {
  newest.push(item);
}
const created = newest[0] instanceof Create ? await newest[0].getObject({ documentLoader, contextLoader: documentLoader }) : null;

// NodeInfo is plain JSON: fetched as Fedify's getNodeInfo would (it refuses loopback outright), parsed strictly
const origin = new URL(self.href).origin;
const links = await (await plainFetch(`${origin}/.well-known/nodeinfo`, { signal })).json();
const nodeInfoUrl = links.links.find((link) => link.rel === "http://nodeinfo.diaspora.software/ns/schema/2.1")?.href;
const nodeInfo = nodeInfoUrl ? parseNodeInfo(await (await plainFetch(nodeInfoUrl, { signal })).json()) : null;

const note = await lookupObject(noteUrl, { documentLoader, contextLoader: documentLoader, signal });
if (!(note instanceof Note)) {
  throw new Error(`not a Note: ${note}`);
}

console.log(JSON.stringify({
  webfingerSubject: jrd?.subject ?? null,
  webfingerSelf: self?.href ?? null,
  webfingerByUrlSubject: byUrl?.subject ?? null,
  id: actor.id?.href ?? null,
  preferredUsername: actor.preferredUsername?.toString() ?? null,
  name: actor.name?.toString() ?? null,
  inbox: actor.inboxId?.href ?? null,
  outbox: actor.outboxId?.href ?? null,
  followers: actor.followersId?.href ?? null,
  sharedInbox: actor.endpoints?.sharedInbox?.href ?? null,
  publicKeyId: key?.id?.href ?? null,
  publicKeyOwner: key?.ownerId?.href ?? null,
  publicKeyType: key?.publicKey?.algorithm?.name ?? null,
  noteId: note.id?.href ?? null,
  noteContent: note.content?.toString() ?? null,
  noteAttributedTo: note.attributionId?.href ?? null,
  notePublished: note.published?.toString() ?? null,
  outboxTotalItems: outbox?.totalItems ?? null,
  outboxNewestType: newest[0]?.constructor?.name ?? null,
  outboxNewestObjectId: created?.id?.href ?? null,
  nodeInfoSoftware: nodeInfo?.software?.name ?? null,
  nodeInfoProtocols: nodeInfo?.protocols ?? null,
  nodeInfoUsers: nodeInfo?.usage?.users?.total ?? null,
  nodeInfoLocalPosts: nodeInfo?.usage?.localPosts ?? null,
}));
