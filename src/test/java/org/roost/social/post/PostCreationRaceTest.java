package org.roost.social.post;

import java.util.Set;

import org.junit.jupiter.api.Test;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.ErrorCode;
import org.roost.platform.shared.Scopes;
import org.roost.support.IntegrationTest;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * An owner's post skips the author's existence check (their account exists while their credential is
 * valid); when a deletion races the post anyway, the foreign key turns it into 404, never a 500.
 */
@IntegrationTest
class PostCreationRaceTest {

    @Autowired
    PostService posts;

    @Test
    void answersNotFoundWhenTheOwnersAccountIsGoneAtTheInsert() {
        // given a credential that still names a user deleted a moment ago
        Caller owner = new Caller.User(987_654_321L, Set.of(Scopes.POSTS_WRITE));

        // when that user posts in their own collection
        ApiException failure = catchThrowableOfType(ApiException.class,
                () -> posts.create(987_654_321L, owner, new PostCommands.CreatePost("Late", "After deletion", null)));

        // then the answer is that the user is not there
        assertThat(failure.code()).isEqualTo(ErrorCode.NOT_FOUND);
    }
}
