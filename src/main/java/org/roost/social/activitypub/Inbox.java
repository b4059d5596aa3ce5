package org.roost.social.activitypub;

import java.time.Clock;
import java.util.OptionalLong;

import org.jspecify.annotations.Nullable;
import org.roost.identity.user.UserService;
import org.roost.platform.shared.ApiException;
import org.roost.social.activitypub.AcceptDeliveries.Follow;
import org.roost.social.activitypub.signatures.RemoteActors.RemoteActor;
import org.roost.social.activitypub.signatures.RemoteActors.RemoteKey;
import org.roost.social.activitypub.signatures.RemoteActors;
import org.roost.social.activitypub.signatures.InboxSignatures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;

/**
 * What the inbox does with a verified activity (docs/activitypub.md, "The inbox"). Synchronously, within the
 * request, in this slice: a {@code Follow} of a local person is kept ({@link RemoteFollowerRepository}) and its
 * {@code Accept} sent once that is committed, off the request ({@link AcceptDeliveries}); an {@code Undo} of such a
 * Follow removes it. Both are idempotent by the Follow's id, so a server that delivers twice changes nothing. Every
 * other activity is answered 202 and not kept: nothing else is handled yet.
 */
@Component
class Inbox {

    private static final Logger log = LoggerFactory.getLogger(Inbox.class);

    private final ActivityPubUrls urls;
    private final UserService users;
    private final RemoteActors remote;
    private final RemoteFollowerRepository followers;
    private final AcceptDeliveries accepts;
    private final TransactionTemplate transaction;
    private final Clock clock;

    Inbox(ActivityPubUrls urls, UserService users, RemoteActors remote, RemoteFollowerRepository followers,
            AcceptDeliveries accepts, PlatformTransactionManager transactions, Clock clock) {
        this.urls = urls;
        this.users = users;
        this.remote = remote;
        this.followers = followers;
        this.accepts = accepts;
        this.transaction = new TransactionTemplate(transactions);
        this.clock = clock;
    }

    /** Handles {@code activity}, signed by {@code signer}; throws 401 when the signer is not its actor. */
    void receive(RemoteKey signer, JsonNode activity) {
        String actor = idOf(activity.get("actor"));
        if (actor == null || !actor.equals(signer.owner())) {
            throw InboxSignatures.refused("The signature's key belongs to " + signer.owner()
                    + ", not to the activity's actor.");
        }
        String id = RemoteActors.text(activity, "id");
        String type = RemoteActors.text(activity, "type");
        if (id == null || type == null) {
            throw ApiException.invalid("body", "must be an activity with an id and a type");
        }
        switch (type) {
            case "Follow" -> follow(id, actor, activity.get("object"));
            case "Undo" -> undo(actor, activity.get("object"));
            default -> log.debug("Ignored a {} from {}: not handled yet", type, actor);
        }
    }

    private void follow(String id, String actor, @Nullable JsonNode object) {
        String followed = idOf(object);
        OptionalLong userId = followed == null ? OptionalLong.empty() : urls.userOf(followed);
        if (userId.isEmpty() || users.find(userId.getAsLong()).isEmpty()) {
            throw ApiException.invalid("object", "must be a person on this server");
        }
        RemoteActor follower = remote.actor(actor).filter(found -> remote.reachable(found.inbox()))
                .orElseThrow(() -> ApiException.invalid("actor", "must be an actor whose inbox this server can reach"));
        Boolean isNew;
        try {
            isNew = transaction.execute(status -> {
                if (followers.hasActivity(id)) {
                    return false;
                }
                followers.follow(userId.getAsLong(), actor, follower.inbox(), follower.sharedInbox(), id, clock.instant());
                return true;
            });
        }
        catch (DataIntegrityViolationException goneMeanwhile) { // the person was deleted since we looked
            throw ApiException.invalid("object", "must be a person on this server");
        }
        if (Boolean.TRUE.equals(isNew)) { // committed: now the Accept may go
            accepts.accept(userId.getAsLong(), follower.inbox(), new Follow(id, actor, followed));
        }
    }

    private void undo(String actor, @Nullable JsonNode object) {
        String undone = idOf(object);
        if (undone == null) {
            throw ApiException.invalid("object", "must name the activity undone");
        }
        transaction.executeWithoutResult(status -> {
            if (followers.undo(actor, undone) || object == null || !object.isObject()) {
                return;
            }
            // an embedded Follow whose id we never saw (it was re-sent under a new one): undo by what it followed
            String followed = idOf(object.get("object"));
            OptionalLong userId = followed == null ? OptionalLong.empty() : urls.userOf(followed);
            if ("Follow".equals(RemoteActors.text(object, "type")) && actor.equals(idOf(object.get("actor")))
                    && userId.isPresent()) {
                followers.undo(actor, userId.getAsLong());
            }
        });
    }

    /** An id given as a string or as an object with an {@code id}, as ActivityStreams allows both. */
    static @Nullable String idOf(@Nullable JsonNode node) {
        if (node == null) {
            return null;
        }
        if (node.isString()) {
            return node.asString();
        }
        return node.isObject() ? RemoteActors.text(node, "id") : null;
    }
}
