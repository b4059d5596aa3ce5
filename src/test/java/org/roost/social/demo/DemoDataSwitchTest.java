package org.roost.social.demo;

import org.junit.jupiter.api.Test;
import org.roost.identity.user.UserService;
import org.roost.social.follow.FollowService;
import org.roost.social.post.PostService;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

/**
 * {@code roost.demo-data.enabled} decides whether the demo data is made at start (DemoData runs as an
 * {@link ApplicationRunner}): on with the property, absent without it, as {@code mvn spring-boot:run} has it. What
 * the bean makes is checked in the shared embedded service (EmbeddedDefaultsOnH2Test.WithDemoData,
 * ReadmeTest.WithDemoData, through {@link DemoDataOnDemand}); no application context of its own here.
 */
class DemoDataSwitchTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withBean(UserService.class, () -> mock(UserService.class))
            .withBean(PostService.class, () -> mock(PostService.class))
            .withBean(FollowService.class, () -> mock(FollowService.class))
            .withUserConfiguration(DemoData.class);

    @Test
    void runsAtStartOnlyWhenEnabled() {
        runner.withPropertyValues("roost.demo-data.enabled=true")
                .run(context -> assertThat(context).hasSingleBean(DemoData.class).getBean(ApplicationRunner.class)
                        .isInstanceOf(DemoData.class));
        runner.run(context -> assertThat(context).doesNotHaveBean(DemoData.class).getBeans(ApplicationRunner.class).isEmpty());
        runner.withPropertyValues("roost.demo-data.enabled=false").run(context -> assertThat(context).doesNotHaveBean(DemoData.class));
    }
}
