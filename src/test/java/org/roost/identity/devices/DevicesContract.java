package org.roost.identity.devices;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.Json;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** My devices through the API: the list, signing one out, signing out all the others. */
abstract class DevicesContract {

    @Autowired
    MockMvcTester mvc;

    record Tokens(String access, String refresh) {
    }

    ApiClient.Login session(String username, String userAgent) {
        MvcTestResult result = mvc.post().uri("/login").header("User-Agent", userAgent).contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"password\":\"%s\"}".formatted(username, ApiClient.PASSWORD)).exchange();
        assertThat(result).hasStatus(200);
        return new ApiClient.Login(Long.parseLong(Json.field(result, "id")), username,
                new jakarta.servlet.http.Cookie("SESSION", result.getResponse().getCookie("SESSION").getValue()),
                result.getResponse().getCookie("XSRF-TOKEN").getValue());
    }

    Tokens tokens(String username, String userAgent) {
        MvcTestResult result = mvc.post().uri("/auth/token").header("User-Agent", userAgent).contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"password\":\"%s\"}".formatted(username, ApiClient.PASSWORD)).exchange();
        return new Tokens(Json.field(result, "access_token"), Json.field(result, "refresh_token"));
    }

    JsonNode devices(ApiClient.Login me) {
        MvcTestResult result = me.apply(mvc.get().uri("/api/v1/users/" + me.userId() + "/devices")).exchange();
        assertThat(result).hasStatus(200);
        return Json.of(result).path("items");
    }

    String idOf(JsonNode items, String userAgent) {
        for (JsonNode item : items) {
            if (userAgent.equals(item.path("user_agent").asString())) {
                return item.path("id").asString();
            }
        }
        throw new AssertionError("no device " + userAgent + " in " + items);
    }

    MvcTestResult me(ApiClient.Login login) {
        return login.apply(mvc.get().uri("/api/v1/users/" + login.userId())).exchange();
    }

    MvcTestResult me(long id, Tokens tokens) {
        return mvc.get().uri("/api/v1/users/" + id).header("Authorization", "Bearer " + tokens.access()).exchange();
    }

    MvcTestResult refresh(Tokens tokens) {
        return mvc.post().uri("/auth/token/refresh").contentType(MediaType.APPLICATION_JSON)
                .content("{\"refresh_token\":\"%s\"}".formatted(tokens.refresh())).exchange();
    }

    @Test
    void listsSessionsAndTokenFamiliesWithTheirDeviceAndAddress() {
        String username = ApiClient.uniqueUsername("devices");
        new ApiClient(mvc).signUp(username);
        ApiClient.Login laptop = session(username, "Firefox on a laptop");
        tokens(username, "An app on a phone");

        JsonNode items = devices(laptop);

        assertThat(items).hasSize(2);
        JsonNode first = items.get(0).path("user_agent").asString().equals("Firefox on a laptop") ? items.get(0) : items.get(1);
        JsonNode second = first == items.get(0) ? items.get(1) : items.get(0);
        assertThat(first.path("kind").asString()).isEqualTo("session");
        assertThat(first.path("current").asBoolean()).isTrue();
        assertThat(first.path("address").asString()).isEqualTo("127.0.0.1");
        assertThat(second.path("kind").asString()).isEqualTo("token");
        assertThat(second.path("current").asBoolean()).isFalse();
    }

    @Test
    void signingOutASessionEndsIt() {
        String username = ApiClient.uniqueUsername("signout");
        new ApiClient(mvc).signUp(username);
        ApiClient.Login laptop = session(username, "Laptop");
        ApiClient.Login lost = session(username, "Lost phone");

        MvcTestResult out = laptop.apply(mvc.delete().uri("/api/v1/users/" + laptop.userId() + "/devices/"
                + idOf(devices(laptop), "Lost phone"))).exchange();

        assertThat(out).hasStatus(204);
        assertThat(me(lost)).hasStatus(401);
        assertThat(me(laptop)).hasStatus(200);
        assertThat(devices(laptop)).hasSize(1);
    }

    @Test
    void signingOutATokenFamilyEndsItsAccessAndRefreshTokens() {
        String username = ApiClient.uniqueUsername("family");
        new ApiClient(mvc).signUp(username);
        ApiClient.Login laptop = session(username, "Laptop");
        Tokens app = tokens(username, "Script");

        laptop.apply(mvc.delete().uri("/api/v1/users/" + laptop.userId() + "/devices/" + idOf(devices(laptop), "Script"))).exchange();

        assertThat(me(laptop.userId(), app)).hasStatus(401);
        assertThat(refresh(app)).hasStatus(401);
    }

    @Test
    void signingOutEveryOtherDeviceKeepsThisOne() {
        String username = ApiClient.uniqueUsername("others");
        new ApiClient(mvc).signUp(username);
        ApiClient.Login laptop = session(username, "Laptop");
        ApiClient.Login tablet = session(username, "Tablet");
        Tokens app = tokens(username, "App");

        MvcTestResult out = laptop.apply(mvc.post().uri("/api/v1/users/" + laptop.userId() + "/devices/sign-out-others")).exchange();

        assertThat(out).hasStatus(204);
        assertThat(me(laptop)).hasStatus(200);
        assertThat(me(tablet)).hasStatus(401);
        assertThat(me(laptop.userId(), app)).hasStatus(401);
    }

    @Test
    void nobodyElseListsOrSignsOutMyDevices() {
        String username = ApiClient.uniqueUsername("mine");
        new ApiClient(mvc).signUp(username);
        ApiClient.Login mine = session(username, "Mine");
        ApiClient.Login other = new ApiClient(mvc).newUser("theirs");
        String device = idOf(devices(mine), "Mine");

        assertThat(other.apply(mvc.get().uri("/api/v1/users/" + mine.userId() + "/devices")).exchange()).hasStatus(403);
        assertThat(other.apply(mvc.delete().uri("/api/v1/users/" + other.userId() + "/devices/" + device)).exchange())
                .hasStatus(404);
        assertThat(me(mine)).hasStatus(200);
    }

    @Test
    void aNewPasswordEndsEveryListedDeviceButTheSessionThatMadeTheChange() {
        String username = ApiClient.uniqueUsername("newpw");
        new ApiClient(mvc).signUp(username);
        ApiClient.Login laptop = session(username, "Laptop");
        ApiClient.Login phone = session(username, "Phone");
        tokens(username, "App");
        String laptopBefore = idOf(devices(laptop), "Laptop");

        var change = laptop.apply(mvc.patch().uri("/api/v1/users/" + laptop.userId())).header("User-Agent", "Laptop")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"password\":\"%s\",\"current_password\":\"%s\"}".formatted(ApiClient.PASSWORD, ApiClient.PASSWORD))
                .exchange();
        ApiClient.Login again = session(username, "Laptop again");

        // the phone and the app are gone; the laptop goes on as a new session (a new device id), and the new sign-in
        assertThat(change).hasStatus(200);
        var listed = devices(again);
        assertThat(listed).hasSize(2);
        assertThat(idOf(listed, "Laptop again")).isNotBlank();
        assertThat(idOf(listed, "Laptop")).isNotBlank().isNotEqualTo(laptopBefore);
        assertThat(listed.toString()).doesNotContain("\"Phone\"", "\"App\"");
        assertThat(phone.apply(mvc.get().uri("/api/v1/users")).exchange()).hasStatus(401);
    }
}
