package org.roost.social.activitypub;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.roost.identity.user.UserSummary;
import org.roost.platform.shared.Timestamps;
import org.roost.social.activitypub.ActivityStreams.Create;
import org.roost.social.activitypub.ActivityStreams.Endpoints;
import org.roost.social.activitypub.ActivityStreams.Image;
import org.roost.social.activitypub.ActivityStreams.Mention;
import org.roost.social.activitypub.ActivityStreams.Note;
import org.roost.social.activitypub.ActivityStreams.Person;
import org.roost.social.activitypub.ActivityStreams.PublicKey;
import org.roost.social.post.PostSummary;
import org.springframework.stereotype.Component;
import org.springframework.web.util.HtmlUtils;

/** Local people and posts as ActivityStreams documents. */
@Component
class Documents {

    private final ActivityPubUrls urls;
    private final ActorKeys keys;

    Documents(ActivityPubUrls urls, ActorKeys keys) {
        this.urls = urls;
        this.keys = keys;
    }

    Person person(UserSummary user) {
        long id = user.id();
        String bio = user.bio();
        return new Person(ActivityStreams.CONTEXTS, urls.actor(id), "Person", user.username(), user.name(),
                bio == null || bio.isBlank() ? null : paragraphs(bio),
                user.hasAvatar() ? new Image("Image", urls.avatar(id)) : null, urls.profilePage(user.username()),
                urls.inbox(id), urls.outbox(id), urls.followers(id), urls.following(id),
                new Endpoints(urls.sharedInbox()), new PublicKey(urls.key(id), urls.actor(id), keys.publicKeyPem(id)),
                false, time(user.createdAt()));
    }

    /** The post as a document of its own (with {@code @context}) or inside another ({@code standalone} false). */
    Note note(PostSummary post, UserSummary author, boolean standalone) {
        List<String> cc = new ArrayList<>(List.of(urls.followers(author.id())));
        List<Mention> tags = new ArrayList<>();
        for (PostSummary.Mention mention : post.mentions()) {
            cc.add(urls.actor(mention.id()));
            tags.add(new Mention("Mention", urls.actor(mention.id()), "@" + mention.username() + "@" + urls.host()));
        }
        Long parent = post.inReplyTo();
        boolean edited = post.updatedAt().isAfter(post.createdAt());
        return new Note(standalone ? ActivityStreams.CONTEXTS : null, urls.note(post.id()), "Note",
                urls.actor(author.id()), content(post), parent == null ? null : urls.note(parent),
                time(post.createdAt()), edited ? time(post.updatedAt()) : null,
                urls.postPage(author.username(), post.id()), List.of(ActivityStreams.PUBLIC), List.copyOf(cc),
                List.copyOf(tags));
    }

    /** The activity that published the post, as an outbox lists it. */
    Create create(PostSummary post, UserSummary author, boolean standalone) {
        Note note = note(post, author, false);
        return new Create(standalone ? ActivityStreams.CONTEXTS : null, urls.create(post.id()), "Create",
                note.attributedTo(), note.published(), note.to(), note.cc(), note);
    }

    /**
     * The title and body as HTML: each escaped (a post is plain text, never markup), the title in bold as the
     * first paragraph, the body's blank lines as paragraph breaks and its single newlines as line breaks.
     */
    static String content(PostSummary post) {
        String title = post.title().isBlank() ? "" : "<p><strong>" + HtmlUtils.htmlEscape(post.title()) + "</strong></p>";
        return title + (post.body().isBlank() ? "" : paragraphs(post.body()));
    }

    static String paragraphs(String text) {
        StringBuilder html = new StringBuilder();
        for (String paragraph : text.strip().split("\\R\\s*\\R")) {
            html.append("<p>").append(HtmlUtils.htmlEscape(paragraph.strip()).replaceAll("\\R", "<br>")).append("</p>");
        }
        return html.toString();
    }

    static String time(Instant instant) {
        return Timestamps.format(instant);
    }
}
