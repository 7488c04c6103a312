// Thirty days to make it in the city. Ids only: the words are in story.json, in cn and en.
// money, energy, day, employed and known are read from the committed world before every evaluation;
// the ink reads them and never assigns them.
VAR money = 0
VAR energy = 0
VAR day = 1
VAR place = ""
VAR employed = false
VAR known = 0
VAR resolve = 0
VAR progress = 0

-> arrival

=== arrival ===
# chapter: arrival
# situation: first_day
~ progress = 10
{ employed: -> hustle }
{ day > 30: -> time_up }
- (opts)
+ {place != "construction_site"} [go_to_site]
    ~ progress = 30
    -> arrival
+ {place == "construction_site"} [ask_foreman]
    ~ progress = 60
    -> arrival
+ [look_around]
    -> arrival
+ [call_home]
    ~ resolve -= 1
    { resolve <= -2: -> going_home }
    -> arrival

=== hustle ===
# chapter: hustle
# situation: shifts
~ progress = 20 + (money - 500) / 5
{ money >= 800: -> crossroads }
{ day > 30: -> time_up }
{ energy < 35: -> tired }
+ {place != "construction_site"} [go_to_site] -> hustle
+ {place == "construction_site"} [work_shift]
    ~ resolve += 1
    -> hustle
+ [call_home]
    ~ resolve -= 1
    { resolve <= -2: -> going_home }
    -> hustle

= tired
# situation: worn_out
+ [rest] -> hustle
+ [call_home]
    ~ resolve -= 1
    { resolve <= -2: -> going_home }
    -> hustle

=== crossroads ===
# chapter: crossroads
# situation: payday
~ progress = 70
+ [post_moments] -> made_it
+ {energy >= 20} [buy_ticket_home] -> went_home
+ {energy < 20} [rest] -> crossroads

=== going_home ===
# situation: homesick
~ progress = 50
+ {energy >= 20} [buy_ticket_home] -> went_home
+ {energy < 20} [rest] -> going_home
+ [look_around]
    ~ resolve = 0
    { employed: -> hustle | -> arrival }

=== made_it ===
# ending: made_it
~ progress = 100
-> END

=== went_home ===
# ending: went_home
~ progress = 100
-> END

=== time_up ===
# ending: time_up
~ progress = 100
-> END
