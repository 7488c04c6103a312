// The contract: a season to find a footing on Vesta Ring. Ids only: the words are in story.json, in cn and en.
// money, energy, day, place, employed, known and savings are read from the committed world; the ink never assigns them.
VAR money = 0
VAR energy = 0
VAR day = 1
VAR place = ""
VAR employed = false
VAR known = 0
VAR savings = "none"
VAR doubt = 0
VAR progress = 0

-> arrival

=== arrival ===
# chapter: arrival
# situation: just_docked
~ progress = 10
{ employed: -> the_shifts }
{ day > 40: -> lapsed }
+ {place != "refinery_deck"} [walk_to_refinery]
    ~ progress = 30
    -> arrival
+ {place == "refinery_deck"} [ask_dmitri]
    ~ progress = 60
    -> arrival
+ [take_stock] -> arrival
+ [doubt_the_contract]
    ~ doubt += 1
    { doubt >= 2: -> homesick }
    -> arrival

=== the_shifts ===
# chapter: the_shifts
# situation: on_shift
~ progress = 20 + (money - 120) / 2
{ money >= 200 || savings == "completed": -> the_choice }
{ day > 40: -> lapsed }
{ energy < 30: -> spent }
+ {place != "refinery_deck"} [walk_to_refinery] -> the_shifts
+ {place == "refinery_deck"} [work_shift] -> the_shifts
+ [doubt_the_contract]
    ~ doubt += 1
    { doubt >= 2: -> homesick }
    -> the_shifts

= spent
# situation: wrung_out
+ [rest_a_while] -> the_shifts
+ [doubt_the_contract]
    ~ doubt += 1
    { doubt >= 2: -> homesick }
    -> the_shifts

=== the_choice ===
# chapter: the_choice
# situation: credits_in_hand
~ progress = 70
+ {place != "union_hall"} [ride_to_union] -> the_choice
+ {place == "union_hall"} [pay_dues] -> union_card
+ [ship_out] -> outbound

=== homesick ===
# situation: homesick
~ progress = 50
+ [ship_out] -> outbound
+ [take_stock]
    ~ doubt = 0
    { employed: -> the_shifts | -> arrival }

=== union_card ===
# ending: union_card
~ progress = 100
-> END

=== outbound ===
# ending: outbound
~ progress = 100
-> END

=== lapsed ===
# ending: lapsed
~ progress = 100
-> END
