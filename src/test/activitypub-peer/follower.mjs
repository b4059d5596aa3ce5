// A Fedify peer that follows a Roost person: it serves its own actor (Fedify's vocabulary, with a key pair Fedify
// generated) from a node:http server on loopback, sends Roost a Follow signed by Fedify's signRequest (draft-cavage,
// as Mastodon signs), verifies the Accept that reaches its inbox with Fedify's verifyRequest, reads the person's
// followers, then sends Undo and reads them again. Prints what it saw as one JSON line, for
// social.activitypub.FedifyPeerTest to check. Every wait is bounded.
// Usage: node follower.mjs <Roost actor URL of the person to follow>
import http from "node:http";
import { generateCryptoKeyPair, signRequest, verifyRequest } from "@fedify/fedify";
import { Accept, CryptographicKey, Endpoints, Follow, Person, Undo } from "@fedify/vocab";
import { getDocumentLoader } from "@fedify/vocab-runtime";

const [followed] = process.argv.slice(2);
if (!followed) {
  console.error("usage: node follower.mjs <actor URL>");
  process.exit(2);
}
const deadline = AbortSignal.timeout(50_000);
// Roost runs on loopback in the tests: Fedify refuses private addresses unless told (its SSRF guard).
const documentLoader = getDocumentLoader({ allowPrivateAddress: true });
const { privateKey, publicKey } = await generateCryptoKeyPair("RSASSA-PKCS1-v1_5");

const inboxed = [];
const server = http.createServer(async (req, res) => {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const body = Buffer.concat(chunks);
  if (req.method === "GET" && req.url === "/actor") {
    res.writeHead(200, { "Content-Type": "application/activity+json" });
    res.end(JSON.stringify(await actor.toJsonLd({ format: "compact", contextLoader: documentLoader })));
    return;
  }
  if (req.method === "POST" && req.url === "/inbox") {
    const request = new Request(`${origin}${req.url}`, { method: "POST", headers: req.headers, body });
    const key = await verifyRequest(request, { documentLoader, contextLoader: documentLoader });
    inboxed.push({ key: key?.id?.href ?? null, ownerId: key?.ownerId?.href ?? null, json: JSON.parse(body.toString("utf8")) });
    res.writeHead(202).end();
    return;
  }
  res.writeHead(404).end();
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${server.address().port}`;
const actorId = new URL(`${origin}/actor`);
const keyId = new URL(`${origin}/actor#main-key`);
const actor = new Person({
  id: actorId,
  preferredUsername: "fedi",
  name: "Fedify peer",
  inbox: new URL(`${origin}/inbox`),
  endpoints: new Endpoints({ sharedInbox: new URL(`${origin}/inbox`) }),
  publicKey: new CryptographicKey({ id: keyId, owner: actorId, publicKey }),
});

async function send(activity) {
  const roost = await documentLoader(followed);
  const inbox = roost.document.inbox;
  const body = JSON.stringify(await activity.toJsonLd({ format: "compact", contextLoader: documentLoader }));
  const request = new Request(inbox, { method: "POST", headers: { "Content-Type": "application/activity+json" }, body });
  const signed = await signRequest(request, privateKey, keyId);
  const response = await fetch(signed, { signal: deadline });
  return response.status;
}

async function followers() {
  const roost = await documentLoader(followed);
  const page = await fetch(`${roost.document.followers}?page=true`, {
    headers: { Accept: "application/activity+json" }, signal: deadline,
  });
  const json = await page.json();
  return { total: json.totalItems, items: json.orderedItems };
}

async function until(condition) {
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

const started = Date.now();
const phases = {};
const mark = (name) => { phases[name] = Date.now() - started; };
try {
  const follow = new Follow({ id: new URL(`${origin}/follows/1`), actor: actorId, object: new URL(followed) });
  const followStatus = await send(follow);
  mark("followAnswered");
  await until(() => inboxed.length > 0);
  mark("acceptReceived");
  const accepted = inboxed[0];
  const accept = accepted ? await Accept.fromJsonLd(accepted.json, { documentLoader, contextLoader: documentLoader }) : null;
  const afterFollow = await followers();
  const undoStatus = await send(new Undo({ id: new URL(`${origin}/follows/1/undo`), actor: actorId, object: follow }));
  const afterUndo = await followers();
  mark("undone");
  console.log(JSON.stringify({
    actor: actorId.href,
    followStatus,
    acceptVerifiedBy: accepted?.key ?? null,
    acceptKeyOwner: accepted?.ownerId ?? null,
    acceptIsAccept: accept instanceof Accept,
    acceptActor: accept?.actorId?.href ?? null,
    acceptObject: accept?.objectId?.href ?? null,
    inboxed: inboxed.length,
    followersAfterFollow: afterFollow,
    undoStatus,
    followersAfterUndo: afterUndo,
    phasesMs: phases,
  }));
} finally {
  server.close();
  server.closeAllConnections();
}
