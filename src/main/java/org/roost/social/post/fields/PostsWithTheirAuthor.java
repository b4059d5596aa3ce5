package org.roost.social.post.fields;

import java.util.Map;
import java.util.Optional;

import org.roost.identity.user.UserFieldPreload;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.PageArguments;
import org.roost.platform.shared.PageRequest;
import org.roost.platform.shared.Preloaded;
import org.roost.social.post.PostService;
import org.springframework.stereotype.Component;

/**
 * {@code user(id) { posts }}: the user and the first page of their posts in one statement, handed to
 * {@link PostFields}' {@code User.posts} as a {@link Preloaded}. A page after a cursor, or a page size that
 * {@code User.posts} would refuse, is left to the field itself (which answers it, or its error, as before).
 */
@Component
class PostsWithTheirAuthor implements UserFieldPreload {

    private final PostService posts;

    PostsWithTheirAuthor(PostService posts) {
        this.posts = posts;
    }

    @Override
    public String field() {
        return "posts";
    }

    @Override
    public boolean preloads(Map<String, Object> arguments) {
        return firstPage(arguments).isPresent();
    }

    @Override
    public Optional<Preloaded> load(long userId, Map<String, Object> arguments) {
        PageRequest page = firstPage(arguments).orElseThrow();
        return posts.authorWithNewest(userId, page.limit()).map(found ->
                new Preloaded(found.author(), new PostBatches.Key(userId, page), found.posts()));
    }

    /**
     * The page {@code User.posts} reads these arguments as ({@link PageArguments}, its own rules), if it is a first
     * page; none for a page after a cursor or arguments the field refuses (it answers that error itself).
     */
    private static Optional<PageRequest> firstPage(Map<String, Object> arguments) {
        try {
            PageRequest page = PageArguments.of((Integer) arguments.get("first"), (String) arguments.get("after"));
            return page.afterId() == null ? Optional.of(page) : Optional.empty();
        }
        catch (ApiException refused) {
            return Optional.empty();
        }
    }
}
