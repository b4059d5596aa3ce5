package org.roost.social.notification;

import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.roost.gateway.publicreading.PublicReading;
import org.roost.platform.web.WebSliceBasics;
import org.roost.platform.web.RefusalHeaders;
import org.roost.support.SteppingClock;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.FilterType;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.jwt;

/**
 * The request contract of marking notifications read, in a web slice (@WebMvcTest): the controller, the service's
 * error handler and body advice, and its Caller resolver, with the notification service a Mockito bean. A refused
 * body is a VALIDATION_ERROR naming the field, before the service is called; a good one reaches it with the ids
 * parsed. The security chain here is Boot's default with a bearer token made by spring-security-test: what the
 * service's own chain admits (scopes, sessions, CSRF rules) is checked on the whole service (NotificationsContract,
 * ScopeMatrixTest).
 */
@WebMvcTest(controllers = NotificationController.class,
        // The service's servlet filters (request ids, body limits, idempotency, throttles...) need stores of other
        // modules and are checked on the whole service; this slice is about the controller and its error answers.
        excludeFilters = @ComponentScan.Filter(type = FilterType.ASSIGNABLE_TYPE, classes = jakarta.servlet.Filter.class))
// What the mappings and the error handler need (API versioning, the error body writer, a clock); public reading's rules are a Mockito bean, which
// admits no visitor (every request here carries a token)
@Import({ WebSliceBasics.class, SteppingClock.Config.class })
@MockitoBean(types = { NotificationService.class, RefusalHeaders.class, PublicReading.class })
class NotificationControllerSliceTest {

    private static final String READ = "/api/v1/notifications/read";

    @Autowired
    MockMvcTester mvc;

    @Autowired
    NotificationService notifications;

    @Test
    void idsThatAreNotNotificationIdsAreAValidationErrorNamingTheField() throws Exception {
        MvcTestResult result = markRead("{\"ids\":[\"12\",\"not-an-id\"]}");

        assertThat(result).hasStatus(400);
        assertThat(result).bodyJson().extractingPath("$.error.code").isEqualTo("VALIDATION_ERROR");
        assertThat(result).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("ids");
        assertThat(result.getResponse().getContentAsString()).doesNotContain("Exception").doesNotContain("org.roost");
        verify(notifications, never()).markRead(any(), any());
    }

    @Test
    void moreThanAHundredIdsAndUnknownFieldsAreRefusedBeforeTheService() {
        String many = IntStream.rangeClosed(1, 101).mapToObj(i -> "\"" + i + "\"").collect(Collectors.joining(","));

        MvcTestResult tooMany = markRead("{\"ids\":[" + many + "]}");
        MvcTestResult unknown = markRead("{\"ids\":[],\"all\":true}");

        assertThat(tooMany).hasStatus(400);
        assertThat(tooMany).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("ids");
        assertThat(unknown).hasStatus(400);
        assertThat(unknown).bodyJson().extractingPath("$.error.code").isEqualTo("VALIDATION_ERROR");
        verify(notifications, never()).markRead(any(), any());
    }

    @Test
    void aGoodBodyReachesTheServiceWithTheIdsParsed() {
        when(notifications.markRead(any(), any())).thenReturn(3L);

        MvcTestResult result = markRead("{\"ids\":[\"12\",\"13\"]}");

        assertThat(result).hasStatus(200);
        assertThat(result).bodyJson().extractingPath("$.unread_count").isEqualTo(3);
        verify(notifications).markRead(any(), org.mockito.ArgumentMatchers.eq(java.util.List.of(12L, 13L)));
    }

    private MvcTestResult markRead(String body) {
        return mvc.post().uri(READ).contentType(MediaType.APPLICATION_JSON).content(body)
                .with(jwt().jwt(token -> token.subject("7")).authorities(new SimpleGrantedAuthority("SCOPE_notifications:read")))
                .with(csrf()).exchange();
    }
}
