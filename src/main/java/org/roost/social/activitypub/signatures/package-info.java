/**
 * HTTP Signatures for ActivityPub (draft-cavage-12, {@code rsa-sha256}): verifying what reaches the inbox
 * ({@link org.roost.social.activitypub.signatures.InboxSignatures}), with other servers' keys and actors fetched
 * through the outbound guard ({@link org.roost.social.activitypub.signatures.RemoteActors}), and the signing
 * primitives the service's own deliveries use. Internal to the activitypub module; public only for its parent
 * package.
 */
@NullMarked
package org.roost.social.activitypub.signatures;

import org.jspecify.annotations.NullMarked;
