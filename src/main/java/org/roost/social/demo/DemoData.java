package org.roost.social.demo;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.roost.social.follow.FollowService;
import org.roost.social.post.PostCommands;
import org.roost.social.post.PostService;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.Scopes;
import org.roost.identity.user.UserCommands;
import org.roost.identity.user.UserService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.stereotype.Component;

/**
 * A few users with posts and follows, so a newcomer can try the API at once
 * ({@code roost.demo-data.enabled=true}). Every demo user's password is {@value #PASSWORD}.
 */
@Component
@ConditionalOnBooleanProperty("roost.demo-data.enabled")
class DemoData implements ApplicationRunner {

    static final String PASSWORD = "correct horse battery";
    private static final Logger log = LoggerFactory.getLogger(DemoData.class);

    private final UserService users;
    private final PostService posts;
    private final FollowService follows;

    DemoData(UserService users, PostService posts, FollowService follows) {
        this.users = users;
        this.posts = posts;
        this.follows = follows;
    }

    @Override
    public void run(ApplicationArguments args) {
        Map<String, Long> ids = new HashMap<>();
        for (var person : List.of(List.of("alice", "Alice Liddell"), List.of("bob", "Bob Builder"),
                List.of("carol", "Carol Danvers"))) {
            try {
                ids.put(person.get(0), users.signUp(new UserCommands.SignUp(person.get(0), person.get(1), PASSWORD, null)).id());
            }
            catch (ApiException taken) {
                log.info("Demo data already present; leaving it as it is");
                return;
            }
        }
        ids.forEach((name, id) -> {
            Caller.User caller = new Caller.User(id, Scopes.FIRST_PARTY);
            posts.create(id, caller, new PostCommands.CreatePost("Hello from " + name, "My first post on Roost.", null));
            ids.values().stream().filter(other -> !other.equals(id)).forEach(other -> follows.follow(other, id, caller));
        });
        log.info("Demo data created: users alice, bob and carol, password '{}'", PASSWORD);
    }
}
