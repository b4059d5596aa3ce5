package org.roost.social.demo;

import java.util.List;

import jakarta.servlet.http.Cookie;

import org.roost.identity.user.UserService;
import org.roost.social.follow.FollowService;
import org.roost.social.post.PostService;
import org.roost.support.ApiClient;
import org.roost.support.Json;
import org.springframework.boot.DefaultApplicationArguments;
import org.springframework.context.ApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo data in the shared embedded service (support.ServerOnH2) for one test: made by the very code a start
 * with {@code roost.demo-data.enabled=true} runs ({@link DemoData}), and removed again through the API when the test
 * ends, so that every other test sees the service without it (ReadmeTest.WithoutDemoData runs the README on a
 * service without demo users). That the property turns the bean on at start is {@link DemoDataSwitchTest}'s check.
 * Why not a context with the property: it was one more start-up of the whole service for two tests.
 */
public final class DemoDataOnDemand implements AutoCloseable {

    /** The demo users, as the README names them. */
    public static final List<String> USERNAMES = List.of("alice", "bob", "carol");
    public static final String PASSWORD = DemoData.PASSWORD;

    private final MockMvcTester mvc;

    private DemoDataOnDemand(MockMvcTester mvc) {
        this.mvc = mvc;
    }

    /** Creates the demo data (if it is not there yet, as at a start); close the result to remove it. */
    public static DemoDataOnDemand create(ApplicationContext context, MockMvcTester mvc) {
        new DemoData(context.getBean(UserService.class), context.getBean(PostService.class),
                context.getBean(FollowService.class)).run(new DefaultApplicationArguments());
        return new DemoDataOnDemand(mvc);
    }

    /** Deletes the demo users (their posts and follows go with them), each signed in as a person deleting their account. */
    @Override
    public void close() {
        for (String username : USERNAMES) {
            MvcTestResult login = mvc.post().uri("/login").contentType(MediaType.APPLICATION_JSON)
                    .content("{\"username\":\"%s\",\"password\":\"%s\"}".formatted(username, PASSWORD)).exchange();
            if (login.getResponse().getStatus() != 200) {
                continue; // not there (a test deleted it already)
            }
            Cookie session = login.getResponse().getCookie("SESSION");
            Cookie xsrf = login.getResponse().getCookie("XSRF-TOKEN");
            assertThat(session).as("the session of " + username).isNotNull();
            assertThat(xsrf).as("the CSRF token of " + username).isNotNull();
            var user = new ApiClient.Login(Long.parseLong(Json.of(login).get("id").asString()), username,
                    new Cookie("SESSION", session.getValue()), xsrf.getValue());
            assertThat(user.apply(mvc.delete().uri("/api/v1/users/" + user.userId())).exchange())
                    .as("deleting the demo user " + username).hasStatus(204);
        }
    }
}
